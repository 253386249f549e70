import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { NOT_ON_A_RUN } from '@/lib/api/runs';
import { dateIn } from '@/lib/company-day';
import type { FieldErrors } from '@/lib/field-errors';
import {
  type Run,
  type RunAssign,
  type RunAssignResult,
  type StopAssignment,
  stopAssignmentSchema,
} from '@/lib/schemas/run';
import { FINAL_STATUSES, SHIPMENT_STATUSES, STATUS_LABELS } from '@/lib/shipment-status';
import { type StaffUser, stopActivity, subjectActivity } from './activity';
import { HttpError, invalidInput } from './http';
import { decodeFirst, decodeRows } from './rows';
import { runFrom, runReads } from './run-reads';
import { settingsFrom, settingsRead } from './settings';
import { placeholders } from './sql';

/**
 * The one writer of runs, run_stops and stop_assignments. Each write is one batch whose statements
 * compute positions and check their own conditions, so the same request arriving many times at once
 * leaves one stop per shipment and positions 1..n without gaps; each change writes its history row and
 * its activity entry in the same batch.
 */

const iso = (time: number) => new Date(time).toISOString();
const NOT_FINAL = `s.status NOT IN (${FINAL_STATUSES.map((status) => `'${status}'`).join(', ')})`;
/** A staff member as the trail's details name them: by name, else by email. */
export const nameOf = (person: { name: string | null; email: string }) => person.name ?? person.email;

const driverRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
});
const shipmentRow = z.object({ tracking_number: z.string(), status: z.enum(SHIPMENT_STATUSES) });

/** An assignment's first reads, with the session check: the driver, the shipments, the company's zone. */
export const assignReads = (body: RunAssign): InStatement[] => [
  { sql: 'SELECT id, name, email, role, status FROM admin_users WHERE id = ?', args: [body.driver_id] },
  {
    sql: `SELECT tracking_number, status FROM shipments WHERE tracking_number IN (${placeholders(body.tracking_numbers)})`,
    args: [...body.tracking_numbers],
  },
  settingsRead('company'),
];

/** What is wrong with an assignment, by field; each list names the numbers at fault. */
function assignFaults(body: RunAssign, [driverResult, shipments, company]: ResultSet[], now: number): FieldErrors {
  const errors: FieldErrors = {};
  const driver = decodeFirst(driverRow, driverResult?.rows ?? []);
  if (driver?.role !== 'driver' || driver.status !== 'active') {
    errors.driver_id = ['Choose an active driver'];
  }
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const today = dateIn(settingsFrom('company', company!).data.time_zone, now);
  if (body.run_date < today) errors.run_date = [`Must be today (${today}) or later`];
  const found = new Map(decodeRows(shipmentRow, shipments?.rows ?? []).map((row) => [row.tracking_number, row.status]));
  const unknown: string[] = [];
  const finished: string[] = [];
  body.tracking_numbers.forEach((number, index) => {
    const status = found.get(number);
    if (status === undefined) unknown.push(number);
    else if (!FINAL_STATUSES.includes(status)) return;
    else finished.push(number);
    errors[`tracking_numbers.${index}`] = [
      status === undefined ? 'No shipment has this number' : `${STATUS_LABELS[status]}: nothing left to deliver`,
    ];
  });
  const summary = [
    ...(unknown.length ? [`No shipment has these numbers: ${unknown.join(', ')}`] : []),
    ...(finished.length ? [`Delivered or returned, so not for a run: ${finished.join(', ')}`] : []),
  ];
  if (summary.length) errors.tracking_numbers = summary;
  return errors;
}

/** The statements that put one shipment at the end of the run (driver, date), or move it there. */
function assignStatements(
  number: string,
  run: { driverId: number; date: string; details: string },
  actor: StaffUser,
  at: string,
) {
  const target = 'JOIN runs r ON r.driver_id = ? AND r.run_date = ?';
  const targetId = '(SELECT id FROM runs WHERE driver_id = ? AND run_date = ?)';
  const where = [run.driverId, run.date];
  return [
    {
      sql: `INSERT INTO stop_assignments (shipment_id, run_id, driver_id, run_date, action, actor_id, created_at)
            SELECT s.id, r.id, r.driver_id, r.run_date,
                   CASE WHEN rs.run_id IS NULL THEN 'assigned' ELSE 'moved' END, ?, ?
            FROM shipments s ${target} LEFT JOIN run_stops rs ON rs.shipment_id = s.id
            WHERE s.tracking_number = ? AND rs.run_id IS NOT r.id AND ${NOT_FINAL}
            RETURNING action`,
      args: [actor.id, at, ...where, number],
    },
    stopActivity(actor, run.details, at),
    // The run it leaves closes up behind it.
    {
      sql: `UPDATE run_stops SET position = run_stops.position - 1
            FROM (SELECT rs.run_id, rs.position FROM run_stops rs JOIN shipments s ON s.id = rs.shipment_id
                  WHERE s.tracking_number = ? AND ${NOT_FINAL} AND rs.run_id IS NOT ${targetId}) old
            WHERE run_stops.run_id = old.run_id AND run_stops.position > old.position`,
      args: [number, ...where],
    },
    {
      sql: `INSERT INTO run_stops (shipment_id, run_id, position, assigned_by, assigned_at)
            SELECT s.id, r.id, (SELECT coalesce(max(position), 0) + 1 FROM run_stops WHERE run_id = r.id), ?, ?
            FROM shipments s ${target} WHERE s.tracking_number = ? AND ${NOT_FINAL}
            ON CONFLICT (shipment_id) DO UPDATE SET run_id = excluded.run_id, position = excluded.position,
              assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at
            WHERE run_stops.run_id <> excluded.run_id`,
      args: [actor.id, at, ...where, number],
    },
  ];
}

/** Makes the run of an active driver on a date unless it exists (for this module's batches and the pickups'). */
export const runMadeStatement = (driverId: number, date: string, actor: StaffUser, at: string): InStatement => ({
  sql: `INSERT INTO runs (driver_id, run_date, created_by, created_at)
        SELECT id, ?, ?, ? FROM admin_users WHERE id = ? AND role = 'driver' AND status = 'active'
        ON CONFLICT (driver_id, run_date) DO NOTHING`,
  args: [date, actor.id, at, driverId],
});

const actionRow = z.object({ action: z.enum(['assigned', 'moved']) });

/**
 * Puts the shipments at the end of the driver's run of the date, in the order given (the run is made
 * on first use). One on another run is moved there; one already on it stays where it is.
 */
export async function assignStops(
  db: Client,
  body: RunAssign,
  reads: ResultSet[],
  actor: StaffUser,
  now = Date.now(),
): Promise<RunAssignResult> {
  const errors = assignFaults(body, reads, now);
  if (Object.keys(errors).length) throw invalidInput(errors);
  const at = iso(now);
  // biome-ignore lint/style/noNonNullAssertion: assignFaults found the driver
  const driver = decodeFirst(driverRow, reads[0]?.rows ?? [])!;
  const run = {
    driverId: body.driver_id,
    date: body.run_date,
    details: `Run of ${nameOf(driver)} on ${body.run_date}`,
  };
  const results = await db.batch(
    [
      runMadeStatement(body.driver_id, body.run_date, actor, at),
      ...body.tracking_numbers.flatMap((number) => assignStatements(number, run, actor, at)),
      ...runReads({ driverId: run.driverId, date: run.date }),
    ],
    'write',
  );
  const current = runFrom(results.slice(-2));
  const outcome: RunAssignResult = { run: current, assigned: [], moved: [], unchanged: [] };
  body.tracking_numbers.forEach((number, index) => {
    const done = decodeFirst(actionRow, results[1 + index * 4]?.rows ?? []);
    outcome[done?.action ?? 'unchanged'].push(number);
  });
  return outcome;
}

/** The tracking numbers of a run's stops, in order. */
const numbersOf = (run: Run) => run.stops.map((stop) => stop.tracking_number);

/** Puts a run's stops in the order given: exactly its stops, each once (422 naming `tracking_numbers` otherwise). */
export async function reorderStops(
  db: Client,
  runId: number,
  numbers: string[],
  actor: StaffUser,
  now = Date.now(),
): Promise<Run> {
  const at = iso(now);
  const list = JSON.stringify(numbers);
  const results = await db.batch(
    [
      {
        sql: `UPDATE run_stops SET position = wanted.position
              FROM (SELECT s.id AS shipment_id, j.key + 1 AS position FROM json_each(?) j
                    JOIN shipments s ON s.tracking_number = j.value) wanted
              WHERE run_stops.shipment_id = wanted.shipment_id AND run_stops.run_id = ?
                AND run_stops.position <> wanted.position
                AND (SELECT count(*) FROM run_stops WHERE run_id = ?) = ?
                AND (SELECT count(*) FROM run_stops x JOIN shipments y ON y.id = x.shipment_id
                     WHERE x.run_id = ? AND y.tracking_number IN (SELECT value FROM json_each(?))) = ?`,
        args: [list, runId, runId, numbers.length, runId, list, numbers.length],
      },
      subjectActivity(actor, 'run_reordered', { type: 'run', id: String(runId) }, numbers.join(', '), at, {
        onlyIfChanged: true,
      }),
      ...runReads(runId),
    ],
    'write',
  );
  const run = runFrom(results.slice(-2));
  if (numbersOf(run).join() !== numbers.join()) {
    const message = `Give exactly the ${run.stops.length} stops of this run, each once: ${numbersOf(run).join(', ') || 'it has none'}`;
    throw invalidInput({ tracking_numbers: [message] });
  }
  return run;
}

const stopRow = z.object({ run_id: z.number().int(), run_date: z.iso.date(), driver: z.string() });

/** The read of where a shipment is now, with the session check: its run, date and driver. */
export const stopReads = (trackingNumber: string): InStatement[] => [
  {
    sql: `SELECT rs.run_id, r.run_date, coalesce(u.name, u.email) AS driver FROM run_stops rs
          JOIN runs r ON r.id = rs.run_id JOIN admin_users u ON u.id = r.driver_id
          JOIN shipments s ON s.id = rs.shipment_id WHERE s.tracking_number = ?`,
    args: [trackingNumber],
  },
];

/** Takes a shipment off its run; the stops after it move up. Answers the history entry written. */
export async function removeStop(
  db: Client,
  trackingNumber: string,
  found: ResultSet | undefined,
  actor: StaffUser,
  now = Date.now(),
): Promise<StopAssignment> {
  const stop = decodeFirst(stopRow, found?.rows ?? []);
  if (!stop) throw new HttpError(404, NOT_ON_A_RUN);
  const at = iso(now);
  const onRun = `FROM run_stops rs JOIN shipments s ON s.id = rs.shipment_id WHERE s.tracking_number = ?`;
  const results = await db.batch(
    [
      {
        sql: `INSERT INTO stop_assignments (shipment_id, run_id, driver_id, run_date, action, actor_id, created_at)
              SELECT rs.shipment_id, rs.run_id, r.driver_id, r.run_date, 'removed', ?, ?
              FROM run_stops rs JOIN runs r ON r.id = rs.run_id JOIN shipments s ON s.id = rs.shipment_id
              WHERE s.tracking_number = ?`,
        args: [actor.id, at, trackingNumber],
      },
      // Read before the activity entry's insert moves last_insert_rowid() on.
      {
        sql: `SELECT a.id, a.action, a.run_id, a.run_date, coalesce(d.name, d.email) AS driver,
                coalesce(w.name, w.email) AS actor, a.created_at
              FROM stop_assignments a LEFT JOIN admin_users d ON d.id = a.driver_id
              LEFT JOIN admin_users w ON w.id = a.actor_id WHERE a.id = last_insert_rowid() AND changes() > 0`,
        args: [],
      },
      stopActivity(actor, `Off the run of ${stop.driver} on ${stop.run_date}`, at),
      {
        sql: `UPDATE run_stops SET position = run_stops.position - 1
              FROM (SELECT rs.run_id, rs.position ${onRun}) old
              WHERE run_stops.run_id = old.run_id AND run_stops.position > old.position`,
        args: [trackingNumber],
      },
      {
        sql: 'DELETE FROM run_stops WHERE shipment_id = (SELECT id FROM shipments WHERE tracking_number = ?)',
        args: [trackingNumber],
      },
    ],
    'write',
  );
  const entry = decodeFirst(stopAssignmentSchema, results[1]?.rows ?? []);
  // Another request took it off first.
  if (!entry) throw new HttpError(404, NOT_ON_A_RUN);
  return entry;
}
