import { addDays, dateIn, isRealDate, wallTimeAt } from './company-day';

/**
 * When the company collects parcels, written once: the days (Monday to Friday, in the company's time
 * zone), the time windows, how far ahead a pickup may be booked, and the notice it needs. The public
 * form, the link's page, the server and the tests all read these; no zod here, so the pages stay small.
 */

export const PICKUP_WINDOWS = ['09-12', '12-15', '15-18'] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];

export const PICKUP_WINDOW_LABELS: Record<PickupWindow, string> = {
  '09-12': '09:00–12:00',
  '12-15': '12:00–15:00',
  '15-18': '15:00–18:00',
};

/** A day and window as the audit trail says it: "2026-12-01, 09:00–12:00". */
export const slotText = (date: string, window: PickupWindow): string => `${date}, ${PICKUP_WINDOW_LABELS[window]}`;

/** The hour (company time) each window starts. */
const WINDOW_START_HOUR: Record<PickupWindow, number> = { '09-12': 9, '12-15': 12, '15-18': 15 };

/** The days drivers collect: Monday (1) to Friday (5), as `Date.getUTCDay` numbers them. */
const PICKUP_WEEKDAYS = [1, 2, 3, 4, 5];
export const PICKUP_DAYS_TEXT = 'Monday to Friday';

/** How many days ahead a pickup may be booked. */
export const PICKUP_DAYS_AHEAD = 30;

/**
 * The notice a pickup needs, in hours before its window starts: a booking (same day included), a move
 * and a cancellation are taken up to then, since that is when the dispatcher closes the driver's run.
 */
export const PICKUP_NOTICE_HOURS = 2;

/** How long a pickup that was not collected (cancelled, or its day gone) is kept, in months (the privacy page says so). */
export const UNCOLLECTED_PICKUP_KEEP_MONTHS = 12;

/** Whether drivers collect on a calendar date (YYYY-MM-DD). */
export const isPickupDay = (date: string): boolean =>
  PICKUP_WEEKDAYS.includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** The instant a window starts on a date, in the company's zone (ISO). */
export const windowStart = (zone: string, date: string, window: PickupWindow): string =>
  wallTimeAt(zone, date, WINDOW_START_HOUR[window]);

/** The last moment a pickup of this date and window may be booked, moved or cancelled (ISO). */
export const changeDeadline = (zone: string, date: string, window: PickupWindow): string =>
  new Date(Date.parse(windowStart(zone, date, window)) - PICKUP_NOTICE_HOURS * 3_600_000).toISOString();

/** How a refusal names one of the company's closed days (Settings > General), wherever a day is chosen. */
export const closedDayMessage = (date: string): string => `We are closed on ${date}: choose another day`;

/**
 * What is wrong with a day and window for a new or moved pickup, by field (none when it may be booked):
 * a date in the past or too far ahead, a day drivers do not collect (a weekend, or one of the company's
 * `closedDays`: Settings > General), or a window too close or gone.
 */
export function slotProblems(
  zone: string,
  date: string,
  window: PickupWindow,
  now: number,
  closedDays: readonly string[] = [],
): Partial<Record<'pickup_date' | 'pickup_window', string[]>> {
  const today = dateIn(zone, now);
  if (!isRealDate(date)) return { pickup_date: ['Must be a date as YYYY-MM-DD'] };
  if (date < today) return { pickup_date: [`Must be today (${today}) or later`] };
  const last = addDays(today, PICKUP_DAYS_AHEAD);
  if (date > last) return { pickup_date: [`Must be at most ${PICKUP_DAYS_AHEAD} days ahead (${last} at the latest)`] };
  if (!isPickupDay(date)) return { pickup_date: [`We collect ${PICKUP_DAYS_TEXT}: choose a business day`] };
  if (closedDays.includes(date)) return { pickup_date: [closedDayMessage(date)] };
  if (Date.parse(changeDeadline(zone, date, window)) <= now) {
    return {
      pickup_window: [
        `This window starts in less than ${PICKUP_NOTICE_HOURS} hours or has passed: choose a later window or day`,
      ],
    };
  }
  return {};
}
