import type { Client } from '@libsql/client';
import type { AlertSubscribeInput } from '@/lib/schemas/alerts';
import { HttpError } from './http';
import { alertConfirmationMail } from './outbox';
import { alertSubscription, shipmentTopic } from './subscriptions';

/** Email alerts asked for on the public tracking page (double opt-in). */

export const NOT_A_SHIPMENT = 'No shipment found with this tracking number';

/** How often one address, one visitor, may ask (confirmation emails go to whatever address is typed). */
export const ALERT_LIMITS = {
  perAddress: { limit: 20, windowSeconds: 3600 },
  perEmail: { limit: 5, windowSeconds: 24 * 3600 },
  /** Following confirmation and unsubscribe links. */
  links: { limit: 30, windowSeconds: 60 },
};

/**
 * A visitor asks for a shipment's status emails: the address becomes a pending subscription and its
 * confirmation email is queued in the same transaction, unless one is already waiting. An address
 * already subscribed gets nothing new; the answer is the same either way, so it does not tell who
 * is subscribed.
 */
export async function requestAlerts(db: Client, input: AlertSubscribeInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const [upserted] = await db.batch(
    [alertSubscription(input, at), alertConfirmationMail(shipmentTopic(input.tracking_number), input.email, at)],
    'write',
  );
  // Nothing inserted or updated: the SELECT found no shipment (and so the confirmation found no row).
  if (upserted!.rowsAffected === 0) throw new HttpError(404, NOT_A_SHIPMENT);
}
