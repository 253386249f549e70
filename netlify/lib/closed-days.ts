import type { Client, InStatement } from '@libsql/client';
import { dateIn } from '@/lib/company-day';
import { type ClosedDays, closedDayBookingsSchema } from '@/lib/schemas/settings';
import type { StaffUser } from './activity';
import { decodeRows } from './rows';
import { batchInCompanyZone, saveSettings, settingsFrom, settingsRead } from './settings';

/**
 * Settings > General > Closed days, with what a closure leaves to do: the pickups booked on a day before it
 * was closed stay booked (the customer was told they would be collected), so the answer names those days.
 */

/** The closed days from `today` on with pickups still to collect, and how many, read from the saved list. */
const bookedOnClosedDays = (today: string): InStatement => ({
  sql: `SELECT pickup_date AS date, count(*) AS pickups FROM pickups
        WHERE status = 'requested' AND pickup_date >= ? AND pickup_date IN (
          SELECT value FROM json_each((SELECT value FROM settings WHERE key = 'closed_days'), '$.days'))
        GROUP BY pickup_date ORDER BY pickup_date`,
  args: [today],
});

/** The closed days as saved, and the bookings on those to come, in one round trip. */
export async function readClosedDays(db: Client, now = Date.now()) {
  const { results } = await batchInCompanyZone(db, (zone) => [
    settingsRead('closed_days'),
    bookedOnClosedDays(dateIn(zone, now)),
  ]);
  const [saved, booked] = results;
  if (!saved || !booked) throw new Error('The closed days need the answers of both reads');
  return {
    ...settingsFrom('closed_days', saved),
    booked: decodeRows(closedDayBookingsSchema.element, booked.rows),
  };
}

/** Saves the closed days (an activity entry when they change), then answers as `readClosedDays`. */
export async function saveClosedDays(db: Client, value: ClosedDays, actor: StaffUser) {
  await saveSettings(db, 'closed_days', value, actor);
  return readClosedDays(db);
}
