import type { Client } from '@libsql/client';
import type { alertsApi } from '@/lib/api/alerts';
import type { Reply } from '@/lib/api/contract';
import { TRACKING_NOT_FOUND } from '@/lib/api/tracking';
import type { AlertSubscribeInput } from '@/lib/schemas/alerts';
import type { ClientInfo } from './http';
import { HttpError } from './http';
import { alertConfirmationMail } from './outbox';
import { budget, clientNetwork, enforceRateLimit } from './rate-limit';
import { alertSubscription, shipmentTopic } from './subscriptions';

/** Email alerts asked for on the public tracking page (double opt-in). */

/**
 * How often one visitor may ask, and how many confirmation emails one mailbox may be sent a day (they go
 * to whatever address is typed).
 */
export const ALERT_LIMITS = {
  perAddress: { limit: 20, windowSeconds: 3600 },
  perMailbox: { limit: 5, windowSeconds: 24 * 3600 },
  /** Following confirmation and unsubscribe links. */
  links: { limit: 30, windowSeconds: 60 },
};

type Guard = { db: Client; client: ClientInfo };

/** The per-address limit of alert sign-ups, counted before the body is read. */
export const signingUp = ({ db, client }: Guard) =>
  enforceRateLimit(db, { key: `alerts:${clientNetwork(client.address)}`, ...ALERT_LIMITS.perAddress });

/** The per-address limit of following confirmation and unsubscribe links. */
export const followingLinks = ({ db, client }: Guard) =>
  enforceRateLimit(db, { key: `alert-links:${clientNetwork(client.address)}`, ...ALERT_LIMITS.links });

/**
 * The mailbox an address reaches, as its daily budget counts it: any case, and the local part without its
 * `+tag` (bob+news@x and Bob@X are one person's). Only the count uses it; mail goes to the address as typed.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).split('+')[0];
  return `${local}${email.slice(at)}`.toLowerCase();
}

/** A sign-up, answered with what happens next (the same answer whether or not the address already follows). */
export async function signUpForAlerts(
  db: Client,
  input: AlertSubscribeInput,
): Promise<Reply<typeof alertsApi.subscribe>> {
  await requestAlerts(db, input);
  const message = `Almost done: we sent a confirmation link to ${input.email}. Status emails start once you follow it.`;
  return { status: 'success', message };
}

/**
 * A visitor asks for a shipment's status emails: the address becomes a pending subscription and its
 * confirmation email is queued in the same transaction, unless one is already waiting. Only a queued
 * email spends the mailbox's daily budget (an unknown number or a repeated request spends nothing), so
 * strangers cannot use up the real recipient's day; past the budget, 429. An address already
 * subscribed gets nothing new, with the same answer, so it does not tell who is subscribed.
 */
async function requestAlerts(db: Client, input: AlertSubscribeInput, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const topic = shipmentTopic(input.tracking_number);
  const mailbox = budget(
    { key: `alerts-mailbox:${mailboxOf(input.email)}`, ...ALERT_LIMITS.perMailbox },
    now.getTime(),
  );
  const [, upserted, , , refused] = await db.batch(
    [
      mailbox.prune,
      alertSubscription(input, at),
      alertConfirmationMail(topic, input.email, at, mailbox.hasRoom),
      mailbox.spend,
      // Still pending with no confirmation waiting: the one thing that stopped it is the budget.
      {
        sql: `SELECT 1 FROM mail_subscriptions m WHERE m.topic = ? AND m.email = ? AND m.state = 'pending'
                AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.subscription_id = m.id
                                AND o.kind = 'alert_confirmation' AND o.state IN ('queued', 'sending'))`,
        args: [topic, input.email],
      },
    ],
    'write',
  );
  // Nothing inserted or updated: the SELECT found no shipment (and so the confirmation found no row).
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (upserted!.rowsAffected === 0) throw new HttpError(404, TRACKING_NOT_FOUND);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (refused!.rows.length > 0) throw mailbox.refusal();
}
