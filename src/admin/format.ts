/** Dates and times as staff read them: in their browser's locale and time zone. */
const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(value: string): Date | null {
  // A bare date is a calendar day, not midnight UTC shifted into another day.
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T12:00:00`) : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parse(value);
  return date ? dateFormat.format(date) : value;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parse(value);
  return date && !/^\d{4}-\d{2}-\d{2}$/.test(value) ? dateTimeFormat.format(date) : formatDate(value);
}

/** The date part of a stored date or time, for a date input. */
export function toDateInput(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}

/** A datetime-local value is the browser's local time; the server stores UTC. */
export function localDateTimeToIso(value: string): string {
  if (!value) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored instant as a datetime-local input shows it: the viewer's local date and time. */
export function toDateTimeInput(value: string | null | undefined): string {
  const time = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) return '';
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The viewer's time zone (e.g. Europe/Berlin), which datetime-local inputs are typed in. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
