/**
 * Dates and times as people read them, on every screen, page and email. A calendar date (YYYY-MM-DD: an order
 * date, an estimated delivery) names a day, not a moment: it is stored as that day and read at its midnight UTC,
 * so it is formatted in UTC and shows the same day whatever the reader's time zone. A stored instant is shown in
 * the reader's zone: the browser's, or the one given (emails name theirs). Imports nothing: the public tracking
 * widget reads it and stays light.
 */

/** How much of a date is spelled out: `medium` "Nov 24, 2026", `long` "November 24, 2026", `full` with the weekday. */
type DateStyle = 'medium' | 'long' | 'full';

export interface Reading {
  /** The reader's locale (BCP 47); the runtime's (the browser's) when absent. */
  locale?: string;
  /** The zone an instant is shown in; the runtime's (the browser's) when absent. Never moves a calendar date. */
  timeZone?: string;
  style?: DateStyle;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const DATE_FIELDS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and shape: a list screen formats hundreds of dates. */
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The instant a stored value names: a calendar date is its midnight UTC. NaN when it names none. */
function instantOf(value: string): number {
  return Date.parse(CALENDAR_DATE.test(value) ? `${value}T00:00:00Z` : value);
}

/**
 * A calendar date as that very day, or the day an instant falls on in the reader's zone. A dash when there is
 * none, the text itself when it is no date.
 */
export function formatDate(
  value: string | null | undefined,
  { locale, timeZone, style = 'medium' }: Reading = {},
): string {
  if (!value) return '—';
  const instant = instantOf(value);
  if (Number.isNaN(instant)) return value;
  const zone = CALENDAR_DATE.test(value) ? 'UTC' : timeZone;
  return formatter(locale, { ...DATE_FIELDS[style], timeZone: zone }).format(instant);
}

/**
 * An instant as its date and time (hours and minutes) in the reader's zone; a calendar date alone has no time
 * and is shown as its day. A dash when there is none, the text itself when it is no date.
 */
export function formatDateTime(value: string | null | undefined, reading: Reading = {}): string {
  if (!value) return '—';
  if (CALENDAR_DATE.test(value)) return formatDate(value, reading);
  const instant = instantOf(value);
  if (Number.isNaN(instant)) return value;
  const { locale, timeZone, style = 'medium' } = reading;
  return formatter(locale, { dateStyle: style, timeStyle: 'short', timeZone }).format(instant);
}

/** A coming calendar date as its weekday, day and month ("Thursday, November 27"): a next attempt, a last day. */
export const formatDay = (value: string, { locale }: Reading = {}): string =>
  formatter(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(instantOf(value));
