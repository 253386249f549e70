import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { dateIn } from '@/lib/company-day';
import type { DriverStops } from '@/lib/schemas/driver';
import { decodeRows } from './rows';
import { stopRow, stopsWhere } from './run-reads';
import { batchInCompanyZone } from './settings';
import { placeholders, type SqlValue } from './sql';

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

/** Whether the shipment `s` is a stop on one of a driver's runs (any date): the driver's id, an argument unless given as SQL. */
export const onDriversRun = (driver = '?') => `EXISTS (SELECT 1 FROM run_stops rs JOIN runs r ON r.id = rs.run_id
  WHERE rs.shipment_id = s.id AND r.driver_id = ${driver})`;

/**
 * The read of which of these tracking numbers are a stop on one of the driver's runs (the driver as
 * SQL: it goes in the session check's round trip). Any date counts: an action recorded offline before
 * midnight may arrive after it, and a stop moved to another run (another driver) leaves the driver's
 * runs at once, since a shipment is on one run at a time.
 */
export function driversStopsRead(driver: SqlValue, numbers: string[]): InStatement {
  return {
    sql: `SELECT s.tracking_number FROM shipments s
          WHERE ${onDriversRun(driver.sql)} AND s.tracking_number IN (${placeholders(numbers)})`,
    args: [...driver.args, ...numbers],
  };
}

/** Of these tracking numbers, those `driversStopsRead` did not find on the driver's runs. */
export function notOnDriversRuns(found: ResultSet | undefined, numbers: string[]): string[] {
  const rows = decodeRows(z.object({ tracking_number: z.string() }), found?.rows ?? []);
  const theirs = new Set(rows.map((row) => row.tracking_number));
  return numbers.filter((number) => !theirs.has(number));
}
