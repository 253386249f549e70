import type { InStatement } from '@libsql/client';
import type { SessionUser } from './auth';

export type ShipmentAction = 'shipment_created' | 'shipment_edited' | 'status_changed' | 'location_changed';

/**
 * The activity_log row of a shipment write, for the same batch as the write itself. It is inserted
 * from the shipment's row, so it is written only when the shipment exists.
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
