/**
 * The company's day: calendar dates and midnights in its time zone (Settings > General), from the
 * platform's Intl data. Every stored time is a UTC instant; "today", "yesterday" and a date filter
 * are the company's days, not UTC's. Also the calendar itself: whether a date exists, the date days
 * or months away, and the instant a date and time given without a zone names (read as UTC).
 */

/** Whether the name is an IANA time zone the runtime knows (Intl refuses any other). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone. */
function wallClock(zone: string, instant: number) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function dateIn(zone: string, instant: number): string {
  const { year, month, day } = wallClock(zone, instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The hour of the day (0-23) an instant falls in, in a zone. */
export const hourIn = (zone: string, instant: number): number => wallClock(zone, instant).hour;

/** Whether a YYYY-MM-DD text is a date the calendar has (not 2026-02-30). */
export function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The instant (milliseconds, NaN if none) an ISO 8601 date or date and time names, a space allowed for
 * the `T`: without a zone it is read as UTC, and a date alone is its midnight UTC.
 */
export function toInstant(value: string): number {
  const [date, time = '00:00'] = value.replace(' ', 'T').split('T') as [string, string?];
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(time) ? time : `${time}Z`;
  return Date.parse(`${date}T${zoned}`);
}

/** The date `days` after (or before) a date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first day of the month `months` after (or before) a date's month. */
export function monthStart(date: string, months = 0): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const { year, month, day, hour, minute, second } = wallClock(zone, instant);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a date's first moment is in a zone (its midnight), as the ISO text the database stores. */
export const dayStart = (zone: string, date: string): string => wallTimeAt(zone, date, 0);

/** The instant a date's wall-clock hour (0-23) is in a zone, as the ISO text the database stores. */
export function wallTimeAt(zone: string, date: string, hour: number): string {
  const wallUtc = Date.parse(`${date}T${pad(hour)}:00:00Z`);
  // The offset at that time UTC may differ from the one at the local time (a change of clocks between):
  // a second look at the first guess settles it.
  const guess = wallUtc - offsetAt(zone, wallUtc);
  return new Date(wallUtc - offsetAt(zone, guess)).toISOString();
}

/** The instant `months` calendar months before `now` (UTC): where a retention of that many months starts. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}
