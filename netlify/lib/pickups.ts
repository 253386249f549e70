import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import { PICKUP_PATHS } from '@/lib/api/paths';
import { PICKUP_NOT_FOUND, type pickupsApi } from '@/lib/api/pickups';
import { dateIn, monthsBefore } from '@/lib/company-day';
import {
  changeDeadline,
  slotProblems,
  slotText,
  UNCOLLECTED_PICKUP_KEEP_MONTHS,
  windowStart,
} from '@/lib/pickup-hours';
import {
  type PickupRecord,
  type PickupRequest,
  type pickupListQuerySchema,
  pickupRecordSchema,
} from '@/lib/schemas/pickup';
import { runDriverSchema } from '@/lib/schemas/run';
import { pickupCustomerActivity, type StaffUser, subjectActivity } from './activity';
import { type ErasedPerson, forgetRequesters } from './activity-forget';
import type { ClientInfo } from './http';
import { HttpError, invalidInput, isFormPost, seeOther } from './http';
import { and, type Filter } from './keyset';
import { pickupConfirmedMail } from './outbox-pickups';
import { clientNetwork, countRequest } from './rate-limit';
import { decodeFirst, decodeRows } from './rows';
import { nameOf, runMadeStatement } from './runs';
import { batchInCompanyZone, settingsFrom, settingsRead } from './settings';
import { hashToken, newToken } from './tokens';

/**
 * Pickups, the one writer of `pickups` (with the link's changes, pickup-links.ts, and collecting,
 * pickup-completion.ts): booking from the public form with its confirmation email, the dispatchers'
 * queue by day, and putting a pickup on a driver's run of its day.
 */

/** Pickups one client address may book per window: the quote form's measure, in a bucket of its own. */
const PICKUP_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

const iso = (time: number) => new Date(time).toISOString();

/** A pickup as the staff calls read it: its driver (through its run) as JSON. SQL over `p`. */
const PICKUP_SELECT = `SELECT p.id, p.name, p.company, p.email, p.phone, p.address, p.city, p.destination,
    p.pickup_date, p.pickup_window, p.pieces, p.weight_kg, p.notes, p.status, p.run_id, p.tracking_number,
    p.created_at,
    CASE WHEN u.id IS NULL THEN NULL ELSE json_object('id', u.id, 'name', u.name, 'email', u.email) END AS driver
  FROM pickups p LEFT JOIN runs r ON r.id = p.run_id LEFT JOIN admin_users u ON u.id = r.driver_id`;

const pickupRow = pickupRecordSchema.extend({
  driver: z
    .string()
    .nullable()
    .transform((value) => (value === null ? null : JSON.parse(value)))
    .pipe(runDriverSchema.nullable()),
});

export const pickupById = (id: number): InStatement => ({ sql: `${PICKUP_SELECT} WHERE p.id = ?`, args: [id] });

/** The pickup a `pickupById` read found, or 404. */
export function foundPickup(found: ResultSet | undefined): PickupRecord {
  const pickup = decodeFirst(pickupRow, found?.rows ?? []);
  if (!pickup) throw new HttpError(404, PICKUP_NOT_FOUND);
  return pickup;
}

/**
 * Books a pickup: counted against its address's limit (429 past it) with the reads of the company's zone
 * and closed days in one round trip, refused naming the field for a day or window it cannot take (the company's
 * calendar), else stored with its confirmation email (the link's token kept only as its hash), in one
 * transaction. The page's form posted without its script is answered 303 to the page saying it is booked.
 */
export async function bookPickup(
  db: Client,
  input: PickupRequest,
  { client, request }: { client: ClientInfo; request: Request },
  now = Date.now(),
): Promise<Reply<typeof pickupsApi.create> | Response> {
  const counting = countRequest({ key: `pickups:${clientNetwork(client.address)}`, ...PICKUP_RATE_LIMIT }, now);
  const counted = await db.batch(
    [...counting.statements, settingsRead('company'), settingsRead('closed_days')],
    'write',
  );
  counting.check(counted);
  const [company, closed] = counted.slice(-2);
  if (!company || !closed) throw new Error('Booking a pickup needs the answers of its settings reads');
  const zone = settingsFrom('company', company).data.time_zone;
  const closedDays = settingsFrom('closed_days', closed).data.days;
  const problems = slotProblems(zone, input.pickup_date, input.pickup_window, now, closedDays);
  if (Object.keys(problems).length) throw invalidInput(problems);
  const token = newToken();
  const tokenHash = hashToken(token);
  const time = iso(now);
  const [inserted] = await db.batch(
    [
      {
        sql: `INSERT INTO pickups (name, company, email, phone, address, city, destination, pickup_date, pickup_window,
                window_start, pieces, weight_kg, notes, token_hash, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        args: [
          input.name,
          input.company ?? null,
          input.email,
          input.phone,
          input.address,
          input.city,
          input.destination ?? null,
          input.pickup_date,
          input.pickup_window,
          windowStart(zone, input.pickup_date, input.pickup_window),
          input.pieces,
          input.weight_kg,
          input.notes ?? null,
          tokenHash,
          time,
          time,
        ],
      },
      pickupConfirmedMail(tokenHash, token, false, time),
      pickupCustomerActivity('pickup_booked', tokenHash, slotText(input.pickup_date, input.pickup_window), time),
    ],
    'write',
  );
  if (isFormPost(request)) return seeOther(PICKUP_PATHS.booked);
  return {
    status: 'success',
    data: {
      id: Number(inserted?.rows[0]?.id),
      pickup_date: input.pickup_date,
      change_until: changeDeadline(zone, input.pickup_date, input.pickup_window),
    },
  };
}

const ACTIVE_DRIVERS = `SELECT id, name, email FROM admin_users WHERE role = 'driver' AND status = 'active'
  ORDER BY lower(coalesce(name, email)), id`;

/** The queue: the pickups of a day (today when none) or of a run, in window order, and the active drivers. */
export async function listPickups(
  db: Client,
  query: z.output<typeof pickupListQuerySchema>,
  now = Date.now(),
): Promise<Reply<typeof pickupsApi.list>['data']> {
  let date = query.date ?? '';
  const { zone, results } = await batchInCompanyZone(db, (zone) => {
    date = query.date ?? dateIn(zone, now);
    const filters: Filter[] = [
      query.run_id === undefined
        ? { sql: 'p.pickup_date = ?', args: [date] }
        : { sql: 'p.run_id = ?', args: [query.run_id] },
      ...(query.status === undefined ? [] : [{ sql: 'p.status = ?', args: [query.status] }]),
    ];
    const where = and(filters);
    return [
      { sql: `${PICKUP_SELECT} WHERE ${where.sql} ORDER BY p.pickup_date, p.pickup_window, p.id`, args: where.args },
      { sql: ACTIVE_DRIVERS, args: [] },
    ];
  });
  const [pickups, drivers] = results as [ResultSet, ResultSet];
  return {
    date,
    today: dateIn(zone, now),
    pickups: decodeRows(pickupRow, pickups.rows),
    drivers: decodeRows(runDriverSchema, drivers.rows),
  };
}

/** The signed-in driver's pickups of today, on their run, in window order. */
export async function listDriverPickups(
  db: Client,
  driverId: number,
  now = Date.now(),
): Promise<Reply<typeof pickupsApi.driverList>['data']> {
  const { zone, results } = await batchInCompanyZone(db, (zone) => [
    {
      sql: `${PICKUP_SELECT} WHERE r.driver_id = ? AND r.run_date = ? AND p.status <> 'cancelled'
            ORDER BY p.pickup_window, p.id`,
      args: [driverId, dateIn(zone, now)],
    },
  ]);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { date: dateIn(zone, now), pickups: decodeRows(pickupRow, results[0]!.rows) };
}

const driverRow = z.object({ role: z.string(), status: z.string(), name: z.string().nullable(), email: z.string() });

/** An assignment's first reads, with the session check: the pickup, the driver, the company's zone. */
export const assignPickupReads = (id: number, driverId: number): InStatement[] => [
  pickupById(id),
  { sql: 'SELECT role, status, name, email FROM admin_users WHERE id = ?', args: [driverId] },
  settingsRead('company'),
];

/**
 * Puts a requested pickup on the driver's run of its day (the run made on first use), or moves it to
 * another driver's: one write, conditional on the pickup still being as read (requested, on that day),
 * so a pickup cancelled, moved or collected meanwhile stays as it is. Sent to the driver it already has,
 * nothing changes; otherwise the audit trail says who sent it to whom, once however many calls arrive.
 */
export async function assignPickup(
  db: Client,
  [found, driverResult, company]: ResultSet[],
  driverId: number,
  actor: StaffUser,
  now = Date.now(),
): Promise<PickupRecord> {
  const pickup = foundPickup(found);
  const driver = decodeFirst(driverRow, driverResult?.rows ?? []);
  if (driver?.role !== 'driver' || driver.status !== 'active')
    throw invalidInput({ driver_id: ['Choose an active driver'] });
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const today = dateIn(settingsFrom('company', company!).data.time_zone, now);
  const refusal = assignRefusal(pickup, today);
  if (refusal) throw new HttpError(409, refusal);
  const at = iso(now);
  const run = 'SELECT id FROM runs WHERE driver_id = ? AND run_date = pickups.pickup_date';
  const [, assigned, , read] = await db.batch(
    [
      runMadeStatement(driverId, pickup.pickup_date, actor, at),
      {
        sql: `UPDATE pickups SET run_id = (${run}), assigned_by = ?, assigned_at = ?
              WHERE id = ? AND status = 'requested' AND pickup_date = ? AND pickup_date >= ? AND run_id IS NOT (${run})`,
        args: [driverId, actor.id, at, pickup.id, pickup.pickup_date, today, driverId],
      },
      subjectActivity(
        actor,
        'pickup_assigned',
        { type: 'pickup', id: String(pickup.id) },
        `To ${nameOf(driver)} on ${pickup.pickup_date}`,
        at,
        { onlyIfChanged: true },
      ),
      pickupById(pickup.id),
    ],
    'write',
  );
  const after = foundPickup(read);
  const kept =
    after.status === 'requested' && after.pickup_date === pickup.pickup_date && after.driver?.id === driverId;
  if (!assigned?.rowsAffected && !kept)
    throw new HttpError(409, assignRefusal(after, today) ?? 'This pickup changed meanwhile.');
  return after;
}

function assignRefusal(pickup: PickupRecord, today: string): string | null {
  if (pickup.status === 'cancelled') return 'This pickup was cancelled by the customer.';
  if (pickup.status === 'picked_up') return `This pickup was collected already (shipment ${pickup.tracking_number}).`;
  if (pickup.pickup_date < today) return `This pickup was for ${pickup.pickup_date}, a past day.`;
  return null;
}

/**
 * Erasure on request: the pickups booked with the person's email (any case) go, as their quote requests do,
 * a booking still to come included (the erasure's dialog says so), and their entries name `erasedName`. A
 * collected pickup's shipment stays, erased with the others.
 */
export function erasePickups(person: ErasedPerson, erasedName: string): InStatement[] {
  const ids = {
    sql: `SELECT id FROM pickups WHERE lower(email) = lower(?) AND ${person.live.sql}`,
    args: [person.email ?? '', ...person.live.args],
  };
  return deletePickups(ids, erasedName);
}

/** Deletes the pickups `ids` reads; their entries name `replacement` instead of the customer. */
const deletePickups = (ids: { sql: string; args: InValue[] }, replacement: string): InStatement[] => [
  forgetRequesters('pickup', ids, replacement),
  { sql: `DELETE FROM pickups WHERE id IN (${ids.sql})`, args: ids.args },
];

/** Who a deleted pickup's entries name in place of the customer who booked it. */
const DELETED_CUSTOMER = 'Deleted customer';

/** The collected pickups that became the shipments `numbers` reads (tracking numbers), which are about to go. */
export const deleteCollectedPickups = (numbers: { sql: string; args: InValue[] }): InStatement[] =>
  deletePickups(
    { sql: `SELECT id FROM pickups WHERE tracking_number IN (${numbers.sql})`, args: numbers.args },
    DELETED_CUSTOMER,
  );

/** Pickups one housekeeping run deletes at most: the run stays short, and the next catches up. */
const PICKUP_PURGE_LIMIT = 500;

/**
 * Housekeeping: deletes the pickups not collected (cancelled, or still requested) whose day is more than
 * UNCOLLECTED_PICKUP_KEEP_MONTHS past, and takes the customer out of their entries; a collected one stays with
 * the shipment it became. How many went.
 */
export async function purgeUncollectedPickups(db: Client, now = new Date()): Promise<number> {
  const cutoff = monthsBefore(now, UNCOLLECTED_PICKUP_KEEP_MONTHS);
  const ids = {
    sql: `SELECT id FROM pickups WHERE status <> 'picked_up' AND pickup_date < ? ORDER BY id LIMIT ?`,
    args: [cutoff.toISOString().slice(0, 10), PICKUP_PURGE_LIMIT],
  };
  const [, deleted] = await db.batch(deletePickups(ids, DELETED_CUSTOMER), 'write');
  return deleted?.rowsAffected ?? 0;
}
