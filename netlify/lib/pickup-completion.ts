import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { dateIn } from '@/lib/company-day';
import type { PickupRecord } from '@/lib/schemas/pickup';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { type StaffUser, shipmentActivity } from './activity';
import { requesterCustomerStatement } from './customer-requesters';
import { HttpError, invalidInput } from './http';
import type { Filter } from './keyset';
import { customerCreatedMail, shipmentCreatedMail } from './outbox';
import { foundPickup, pickupById } from './pickups';
import { unweighedPiecesStatements } from './pieces';
import { RECIPIENT_TO_CONFIRM } from './quote-bookings';
import { decodeFirst } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { historyEntryStatement, insertShipmentStatement } from './shipment-statements';

/**
 * Collecting a pickup: one transaction marks it picked up and either books its shipment (the sender made
 * a customer, or linked to the one with their email) or links the shipment a tracking number names. Of
 * parallel calls one wins: the pickup's conditional UPDATE takes the tracking number, and every other
 * statement writes only when it did; the others answer what the winner recorded.
 */

/** Collecting's first reads, with the session check: the pickup, its run's driver, the shipment named, the zone. */
export const completeReads = (id: number, trackingNumber: string | undefined): InStatement[] => [
  pickupById(id),
  {
    sql: 'SELECT r.driver_id FROM pickups p JOIN runs r ON r.id = p.run_id WHERE p.id = ?',
    args: [id],
  },
  { sql: 'SELECT tracking_number FROM shipments WHERE tracking_number = ?', args: [trackingNumber ?? ''] },
  settingsRead('company'),
];

const GENERATE_ATTEMPTS = 8;
const isUniqueTrackingNumber = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: shipments\.tracking_number/.test(`${error.message} ${String(error.cause ?? '')}`);

/** Records a pickup collected by `actor` (a driver only on their own run); answers its shipment's number. */
export async function completePickup(
  db: Client,
  [found, runRead, shipmentRead, company]: ResultSet[],
  trackingNumber: string | undefined,
  actor: StaffUser,
  now = Date.now(),
): Promise<{ tracking_number: string; created: boolean }> {
  const pickup = foundPickup(found);
  const runDriver = decodeFirst(z.object({ driver_id: z.number().int() }), runRead?.rows ?? []);
  if (actor.role === 'driver' && runDriver?.driver_id !== actor.id) {
    throw new HttpError(403, 'This pickup is not on your run.');
  }
  if (pickup.status === 'picked_up') return { tracking_number: pickup.tracking_number ?? '', created: false };
  if (pickup.status === 'cancelled') throw new HttpError(409, 'This pickup was cancelled by the customer.');
  if (trackingNumber !== undefined && !shipmentRead?.rows.length) {
    throw invalidInput({ tracking_number: ['No shipment has this number'] });
  }
  const time = new Date(now).toISOString();
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const today = dateIn(settingsFrom('company', company!).data.time_zone, now);
  for (let attempt = 1; ; attempt++) {
    try {
      const number = trackingNumber ?? generateTrackingNumber();
      const won = await record(db, pickup, number, trackingNumber === undefined, actor, today, time);
      if (won) return { tracking_number: number, created: trackingNumber === undefined };
      const after = foundPickup((await db.batch([pickupById(pickup.id)], 'read'))[0]);
      if (after.status === 'picked_up') return { tracking_number: after.tracking_number ?? '', created: false };
      throw new HttpError(409, 'This pickup was cancelled by the customer.');
    } catch (error) {
      if (!isUniqueTrackingNumber(error) || attempt >= GENERATE_ATTEMPTS) throw error;
    }
  }
}

/** The collection's batch; whether this call won it. */
async function record(
  db: Client,
  pickup: PickupRecord,
  number: string,
  book: boolean,
  actor: StaffUser,
  today: string,
  time: string,
): Promise<boolean> {
  // This call won: the pickup carries the number it drew, stamped at its time.
  const won: Filter = {
    sql: 'EXISTS (SELECT 1 FROM pickups WHERE id = ? AND tracking_number = ? AND picked_up_at = ?)',
    args: [pickup.id, number, time],
  };
  // The customer with the sender's email (made by this batch, or there before); `when` narrows it.
  const customerOf = (when: Filter = { sql: '1', args: [] }) => ({
    sql: `SELECT c.id FROM customers c JOIN pickups p ON lower(c.email) = lower(p.email)
          WHERE p.id = ? AND c.erased_at IS NULL AND ${when.sql} ORDER BY c.number LIMIT 1`,
    args: [pickup.id, ...when.args],
  });
  const customer = customerOf();
  const announced = customerOf(won);
  const origin = `${pickup.address}, ${pickup.city}`;
  const booking: InStatement[] = [
    requesterCustomerStatement(pickup.id, time, won, 'pickup'),
    // Only the winner's new customer is announced: two calls may share a millisecond.
    ...customerCreatedMail({ idSql: announced.sql, args: announced.args }, time),
    insertShipmentStatement(
      {
        tracking_number: number,
        order_date: today,
        shipping_date: pickup.pickup_date,
        status: 'processing',
        sender_name: pickup.company ?? pickup.name,
        sender_address: origin,
        sender_email: pickup.email,
        sender_phone: pickup.phone,
        recipient_name: RECIPIENT_TO_CONFIRM,
        recipient_address: pickup.destination ?? RECIPIENT_TO_CONFIRM,
        weight: pickup.weight_kg,
        origin: pickup.city,
        destination: pickup.destination ?? RECIPIENT_TO_CONFIRM,
        current_location: pickup.city,
        created_at: time,
        updated_at: time,
      },
      won,
    ),
    // The pieces the customer booked, each to get its own label; only their total weight is known.
    ...unweighedPiecesStatements(number, pickup.pieces, won),
    {
      sql: `UPDATE shipments SET customer_id = (${customer.sql}) WHERE tracking_number = ?`,
      args: [...customer.args, number],
    },
    historyEntryStatement(number, { notes: `Picked up from ${origin}`, place: pickup.city, created_at: time }),
    shipmentActivity(
      actor,
      'shipment_created',
      number,
      `Booked on collecting pickup #${pickup.id} (${pickup.pieces} pieces)`,
      time,
    ),
    ...shipmentCreatedMail(number, time),
  ];
  const [taken] = await db.batch(
    [
      {
        sql: `UPDATE pickups SET status = 'picked_up', tracking_number = ?, picked_up_at = ?, picked_up_by = ?,
                updated_at = ?
              WHERE id = ? AND status = 'requested'`,
        args: [number, time, actor.id, time, pickup.id],
      },
      ...(book ? booking : []),
    ],
    'write',
  );
  return Boolean(taken?.rowsAffected);
}
