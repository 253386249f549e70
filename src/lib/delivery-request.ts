// The recipient's choices on the public page, without zod (the tracking widget reads them): where to leave the
// parcel, and which days may be asked for.

/** Where the driver may leave the parcel when nobody answers. */
export const INSTRUCTION_PLACES = ['safe_place', 'neighbour'] as const;
export const INSTRUCTION_LABELS: Record<(typeof INSTRUCTION_PLACES)[number], string> = {
  safe_place: 'Leave it in a safe place',
  neighbour: 'Leave it with a neighbour',
};

/** How many business days ahead the recipient may choose, from tomorrow. */
export const REDELIVERY_DAYS = 5;

/**
 * The next business days after a date (YYYY-MM-DD), Monday to Friday, as calendar dates, leaving out the
 * company's `closed` days (Settings > General; the server knows them, the page does not).
 */
export function nextBusinessDays(today: string, count = REDELIVERY_DAYS, closed: readonly string[] = []): string[] {
  const days: string[] = [];
  const cursor = new Date(`${today}T12:00:00Z`);
  while (days.length < count) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    const day = cursor.toISOString().slice(0, 10);
    if (weekday !== 0 && weekday !== 6 && !closed.includes(day)) days.push(day);
  }
  return days;
}
