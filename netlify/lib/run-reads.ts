import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { RUN_NOT_FOUND } from '@/lib/api/runs';
import { SHIPMENT_NOT_FOUND } from '@/lib/api/shipments';
import { dateIn } from '@/lib/company-day';
import {
  type AssignmentHistory,
  assignmentHistorySchema,
  type Run,
  type RunsOfDate,
  runDriverSchema,
  runStopSchema,
  stopAssignmentSchema,
} from '@/lib/schemas/run';
import { HttpError } from './http';
import { decodeFirst, decodeRows, sqlBoolean } from './rows';
import { batchInCompanyZone, settingsFrom, settingsRead } from './settings';

/**
 * What runs.ts writes, read: the runs of a date with every driver who may take one, one run (its sheet),
 * and a shipment's assignment history. Stops are always in their run's order.
 */

const STOP_COLUMNS = `rs.run_id, rs.position, s.tracking_number, s.recipient_name, s.recipient_address,
  s.recipient_phone, s.destination, s.status,
  (SELECT count(*) FROM shipment_pieces p WHERE p.shipment_id = s.id) AS pieces,
  (SELECT json_group_array(number) FROM (SELECT p.number FROM shipment_pieces p
     WHERE p.shipment_id = s.id AND p.delivered_at IS NOT NULL ORDER BY p.number)) AS pieces_delivered`;
/** A stop as its row holds it (the delivered pieces as JSON text). */
export const stopRow = runStopSchema.extend({
  run_id: z.number().int(),
  pieces_delivered: z
    .string()
    .transform((text) => JSON.parse(text) as unknown)
    .pipe(runStopSchema.shape.pieces_delivered),
});

/** The stops of the runs a WHERE clause on `r` (runs) picks, in order. */
export const stopsWhere = (where: string, args: InValue[]): InStatement => ({
  sql: `SELECT ${STOP_COLUMNS} FROM run_stops rs JOIN runs r ON r.id = rs.run_id JOIN shipments s ON s.id = rs.shipment_id
        WHERE ${where} ORDER BY rs.run_id, rs.position`,
  args,
});

const stopsOf = (rows: ResultSet['rows']) => {
  const byRun = new Map<number, z.output<typeof runStopSchema>[]>();
  for (const { run_id, ...stop } of decodeRows(stopRow, rows)) byRun.set(run_id, [...(byRun.get(run_id) ?? []), stop]);
  return byRun;
};

const driverRow = runDriverSchema.extend({
  assignable: sqlBoolean,
  run_id: z.number().int().nullable(),
});

/** The runs of a date (today in the company's day without one), every assignable driver listed. */
export async function runsOfDate(db: Client, date: string | undefined, now = Date.now()): Promise<RunsOfDate> {
  let wanted = date ?? '';
  const { zone, results } = await batchInCompanyZone(db, (zone) => {
    wanted = date ?? dateIn(zone, now);
    return [
      {
        sql: `SELECT u.id, u.name, u.email, (u.role = 'driver' AND u.status = 'active') AS assignable, r.id AS run_id
              FROM admin_users u LEFT JOIN runs r ON r.driver_id = u.id AND r.run_date = ?
              WHERE (u.role = 'driver' AND u.status = 'active') OR r.id IS NOT NULL
              ORDER BY lower(coalesce(u.name, u.email)), u.id`,
        args: [wanted],
      },
      stopsWhere('r.run_date = ?', [wanted]),
    ];
  });
  const [drivers, stops] = results as [ResultSet, ResultSet];
  const byRun = stopsOf(stops.rows);
  return {
    date: wanted,
    today: dateIn(zone, now),
    drivers: decodeRows(driverRow, drivers.rows).map(({ run_id, ...driver }) => ({
      ...driver,
      run: run_id === null ? null : { id: run_id, run_date: wanted, stops: byRun.get(run_id) ?? [] },
    })),
  };
}

const runRow = z.object({ id: z.number().int(), run_date: z.iso.date() }).extend({
  driver_id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
});

/** The reads of one run (by id, or by driver and date): the run with its driver, its stops. */
export const runReads = (run: number | { driverId: number; date: string }): InStatement[] => {
  const [where, args] =
    typeof run === 'number' ? ['r.id = ?', [run]] : ['r.driver_id = ? AND r.run_date = ?', [run.driverId, run.date]];
  return [
    {
      sql: `SELECT r.id, r.run_date, u.id AS driver_id, u.name, u.email FROM runs r
            JOIN admin_users u ON u.id = r.driver_id WHERE ${where}`,
      args,
    },
    stopsWhere(where, args),
  ];
};

/** The run `runReads` read; 404 when there is none. */
export function runFrom([run, stops]: ResultSet[]): Run {
  const found = decodeFirst(runRow, run?.rows ?? []);
  if (!found) throw new HttpError(404, RUN_NOT_FOUND);
  return {
    id: found.id,
    run_date: found.run_date,
    driver: { id: found.driver_id, name: found.name, email: found.email },
    stops: stopsOf(stops?.rows ?? []).get(found.id) ?? [],
  };
}

/** The run sheet's reads: the run, and the company whose name heads the page. */
export const sheetReads = (runId: number): InStatement[] => [...runReads(runId), settingsRead('company')];

export function sheetFrom(results: ResultSet[]) {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { run: runFrom(results), company: settingsFrom('company', results[2]!).data };
}

const historyRow = stopAssignmentSchema;
const currentRow = z.object({
  shipment_id: z.number().int(),
  run_id: z.number().int().nullable(),
  run_date: z.iso.date().nullable(),
  driver: z.string().nullable(),
  position: z.number().int().nullable(),
});

/** A shipment's assignment history: whether it exists and where it is now, then every entry, newest first. */
export const historyReads = (trackingNumber: string): InStatement[] => [
  {
    sql: `SELECT s.id AS shipment_id, rs.run_id, r.run_date, coalesce(u.name, u.email) AS driver, rs.position
          FROM shipments s LEFT JOIN run_stops rs ON rs.shipment_id = s.id LEFT JOIN runs r ON r.id = rs.run_id
          LEFT JOIN admin_users u ON u.id = r.driver_id WHERE s.tracking_number = ?`,
    args: [trackingNumber],
  },
  {
    sql: `SELECT a.id, a.action, a.run_id, a.run_date, coalesce(d.name, d.email) AS driver,
            coalesce(w.name, w.email) AS actor, a.created_at
          FROM stop_assignments a JOIN shipments s ON s.id = a.shipment_id
          LEFT JOIN admin_users d ON d.id = a.driver_id LEFT JOIN admin_users w ON w.id = a.actor_id
          WHERE s.tracking_number = ? ORDER BY a.id DESC`,
    args: [trackingNumber],
  },
];

export function historyFrom([current, entries]: ResultSet[]): AssignmentHistory {
  const shipment = decodeFirst(currentRow, current?.rows ?? []);
  if (!shipment) throw new HttpError(404, SHIPMENT_NOT_FOUND);
  const { run_id, run_date, driver, position } = shipment;
  return assignmentHistorySchema.parse({
    current: run_id === null ? null : { run_id, run_date, driver, position },
    entries: decodeRows(historyRow, entries?.rows ?? []),
  });
}
