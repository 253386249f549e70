/**
 * The admin app's date and time inputs: what a date or datetime-local field holds, and the UTC instant the server
 * stores. Showing dates and times is @/lib/date-display's, shared with the public pages and the emails.
 */

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
