import type { Client } from '@libsql/client';
import { z } from 'zod';
import { dateIn } from '@/lib/company-day';
import type { DriverStops } from '@/lib/schemas/driver';
import { decodeRows } from './rows';
import { stopRow, stopsWhere } from './run-reads';
import { batchInCompanyZone } from './settings';
import { placeholders } from './sql';

/**
 * A driver's stops, as their phone reads them: the run for today (the company's day) in the order the
 * dispatcher set, and which shipments are theirs to act on. Runs and their stops are written by the
 * runs module; this one only reads them.
 */

/** The driver's run for today, stop by stop in order (none when nobody has assigned them one). */
export async function listDriverStops(db: Client, driverId: number, now = Date.now()): Promise<DriverStops> {
  const { zone, results } = await batchInCompanyZone(db, (zone) => [
    stopsWhere('r.driver_id = ? AND r.run_date = ?', [driverId, dateIn(zone, now)]),
  ]);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { date: dateIn(zone, now), stops: decodeRows(stopRow, results[0]!.rows).map(({ run_id, ...stop }) => stop) };
}

/** Whether the shipment `s` is a stop on one of a driver's runs (any date): its argument, the driver's id. */
export const ON_DRIVERS_RUN = `EXISTS (SELECT 1 FROM run_stops rs JOIN runs r ON r.id = rs.run_id
  WHERE rs.shipment_id = s.id AND r.driver_id = ?)`;

/**
 * Of these tracking numbers, those that are not a stop on one of the driver's runs. Any date counts: an
 * action recorded offline before midnight may arrive after it, and a stop moved to another run (another
 * driver) leaves the driver's runs at once, since a shipment is on one run at a time.
 */
export async function notOnDriversRuns(db: Client, driverId: number, numbers: string[]): Promise<string[]> {
  const { rows } = await db.execute({
    sql: `SELECT s.tracking_number FROM shipments s
          WHERE ${ON_DRIVERS_RUN} AND s.tracking_number IN (${placeholders(numbers)})`,
    args: [driverId, ...numbers],
  });
  const theirs = new Set(decodeRows(z.object({ tracking_number: z.string() }), rows).map((row) => row.tracking_number));
  return numbers.filter((number) => !theirs.has(number));
}
