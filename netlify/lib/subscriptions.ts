import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import type { AlertConfirmation, AlertSubscribeInput, SubscriptionTopic } from '@/lib/schemas/alerts';
import type { ErasedPerson } from './activity-forget';
import { HttpError } from './http';
import { companyEmail, type NoticeKind, switchOn } from './notification-settings';
import { decodeFirst } from './rows';
import { newToken } from './tokens';

/**
 * Who receives which emails: the one writer of `mail_subscriptions`. A shipment's recipient and the
 * company address are subscribed on their first email; a visitor of the tracking page subscribes
 * with a confirmation first (double opt-in). Anyone unsubscribes with the token of their emails.
 */

export const shipmentTopic = (trackingNumber: string) => `shipment:${trackingNumber}`;
const noticeTopic = (kind: NoticeKind) => `notice:${kind}`;

// An address a statement takes from stored data must fit the table, or the write it rides with fails.
const plausibleEmail = (column: string) =>
  `length(${column}) BETWEEN 3 AND 254 AND instr(${column}, '@') > 1 AND instr(${column}, ' ') = 0`;

/**
 * The shipment's recipient address (when it has one) as an active subscription to its updates, unless
 * that address already has a row (an unsubscribed one stays unsubscribed). For the write's batch.
 */
export function recipientSubscription(trackingNumber: string, at: string): InStatement {
  return {
    sql: `INSERT INTO mail_subscriptions (topic, email, shipment_id, source, state, token, created_at, confirmed_at)
          SELECT 'shipment:' || tracking_number, trim(recipient_mail), id, 'recipient', 'active', ?, ?, ?
          FROM shipments WHERE tracking_number = ? AND ${plausibleEmail('trim(recipient_mail)')}
          ON CONFLICT (topic, email) DO NOTHING`,
    args: [newToken(), at, at, trackingNumber],
  };
}

/** The company address as an active subscription to a staff notice, when its switch is on. For the write's batch. */
export function companySubscription(kind: NoticeKind, at: string): InStatement {
  const email = companyEmail();
  const on = switchOn(kind);
  return {
    sql: `INSERT INTO mail_subscriptions (topic, email, source, state, token, created_at, confirmed_at)
          SELECT ?, address, 'company', 'active', ?, ?, ?
          FROM (SELECT ${email.sql} AS address) WHERE ${plausibleEmail('address')} AND ${on.sql}
          ON CONFLICT (topic, email) DO NOTHING`,
    args: [noticeTopic(kind), newToken(), at, at, ...email.args, ...on.args],
  };
}

/**
 * A visitor's opt-in for a shipment's status emails: the address becomes a pending subscription (an
 * unsubscribed one too; an active one stays active). Inserts nothing when there is no such shipment.
 */
export function alertSubscription(input: AlertSubscribeInput, at: string): InStatement {
  return {
    sql: `INSERT INTO mail_subscriptions (topic, email, shipment_id, source, state, token, created_at)
          SELECT ?, ?, id, 'alert', 'pending', ?, ? FROM shipments WHERE tracking_number = ?
          ON CONFLICT (topic, email) DO UPDATE SET
            state = CASE state WHEN 'active' THEN 'active' ELSE 'pending' END,
            unsubscribed_at = CASE state WHEN 'active' THEN unsubscribed_at ELSE NULL END`,
    args: [shipmentTopic(input.tracking_number), input.email, newToken(), at, input.tracking_number],
  };
}

const subscriptionRow = z.object({ topic: z.string(), state: z.enum(['pending', 'active', 'unsubscribed']) });

const LINK_NOT_VALID =
  'We did not send this link: it may have been mistyped or cut short. Please open the link from the latest email.';

/** What a confirmation or unsubscribe link was about. */
function describeTopic(topic: string): SubscriptionTopic {
  if (topic.startsWith('shipment:')) return { kind: 'shipment', tracking_number: topic.slice('shipment:'.length) };
  return { kind: 'notice', tracking_number: null };
}

/** How long an opt-in's confirmation link works, from its latest confirmation email. */
const CONFIRMATION_DAYS = 7;
const LINK_EXPIRED = `This link has expired: a confirmation link works for ${CONFIRMATION_DAYS} days. Please ask for status emails again on the tracking page.`;
const LINK_STOPPED =
  'The emails of this link were stopped with an unsubscribe link since. To get them again, please ask on the tracking page.';

/**
 * Confirms an opt-in within CONFIRMATION_DAYS of its latest confirmation email; a link followed
 * again confirms once and says so. Every other outcome is an error worded for the page that shows it.
 */
export async function confirm(db: Client, token: string, now = new Date()): Promise<AlertConfirmation> {
  const [confirmed, current] = await db.batch(
    [
      {
        sql: `UPDATE mail_subscriptions SET state = 'active', confirmed_at = coalesce(confirmed_at, ?)
              WHERE token = ? AND state = 'pending'
                AND EXISTS (SELECT 1 FROM outbox o WHERE o.subscription_id = mail_subscriptions.id
                            AND o.kind = 'alert_confirmation' AND o.created_at >= ?)
              RETURNING topic, state`,
        args: [now.toISOString(), token, new Date(now.getTime() - CONFIRMATION_DAYS * 86_400_000).toISOString()],
      },
      { sql: 'SELECT topic, state FROM mail_subscriptions WHERE token = ?', args: [token] },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const done = decodeFirst(subscriptionRow, confirmed!.rows);
  if (done) return { ...describeTopic(done.topic), already_confirmed: false };
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const row = decodeFirst(subscriptionRow, current!.rows);
  if (!row) throw new HttpError(404, LINK_NOT_VALID);
  if (row.state === 'active') return { ...describeTopic(row.topic), already_confirmed: true };
  throw new HttpError(410, row.state === 'pending' ? LINK_EXPIRED : LINK_STOPPED);
}

/** Stops an address's emails on the token's topic; already unsubscribed is fine. Queued ones are then not sent. */
export async function unsubscribe(db: Client, token: string, now = new Date()): Promise<SubscriptionTopic> {
  const { rows } = await db.execute({
    sql: `UPDATE mail_subscriptions SET state = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ?)
          WHERE token = ? RETURNING topic, state`,
    args: [now.toISOString(), token],
  });
  const row = decodeFirst(subscriptionRow, rows);
  if (!row) throw new HttpError(404, LINK_NOT_VALID);
  return describeTopic(row.topic);
}

/** The erasure's statement for subscriptions: the person's address is forgotten, with whatever it was subscribed to. */
export function forgetAddress(person: ErasedPerson): InStatement[] {
  if (!person.email) return [];
  return [
    {
      sql: `DELETE FROM mail_subscriptions WHERE email = ? AND ${person.live.sql}`,
      args: [person.email, ...person.live.args],
    },
  ];
}
