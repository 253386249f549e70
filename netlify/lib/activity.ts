import type { InStatement } from '@libsql/client';
import type { SessionUser } from './auth';

/**
 * The activity log's one writer. Every entry is a statement for the same batch as the write it
 * records, so an entry exists exactly when its write happened.
 */

export type ShipmentAction = 'shipment_created' | 'shipment_edited' | 'status_changed' | 'location_changed';
export type SessionAction = 'login' | 'logout';
export type ActivityAction = ShipmentAction | SessionAction;

/**
 * The activity_log row of a shipment write. It is inserted from the shipment's row, so it is
 * written only when the shipment exists.
 */
export function shipmentActivity(
  actor: SessionUser,
  action: ShipmentAction,
  trackingNumber: string,
  details: string,
  now: string,
): InStatement {
  return {
    sql: `INSERT INTO activity_log (user_id, actor_email, action, shipment_id, tracking_number, details, created_at)
          SELECT ?, ?, ?, id, tracking_number, ?, ? FROM shipments WHERE tracking_number = ?`,
    args: [actor.id, actor.email, action, details, now, trackingNumber],
  };
}

/** An entry about the actor's own session (sign-in, sign-out). */
export function sessionActivity(actor: SessionUser, action: SessionAction, now: string): InStatement {
  return {
    sql: 'INSERT INTO activity_log (user_id, actor_email, action, created_at) VALUES (?, ?, ?, ?)',
    args: [actor.id, actor.email, action, now],
  };
}
