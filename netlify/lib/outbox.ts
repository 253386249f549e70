import type { Client, InStatement, InValue } from '@libsql/client';
import { z } from 'zod';
import { addDays, dateIn, dayStart } from '@/lib/company-day';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import type { ErasedPerson } from './activity-forget';
import type { Payload } from './emails';
import { companyEmail, isSwitchOn, recipientStatusOn, type SqlPart, switchOn } from './notification-settings';
import { decodeFirst, decodeRows } from './rows';
import { getCompanyZone } from './settings';
import { companySubscription, recipientSubscription } from './subscriptions';

/**
 * The outbox: the one writer of `outbox` (with its delivery, outbox-delivery.ts, and the Outbox page,
 * outbox-page.ts). An email is a row written in the same transaction as the change it reports (the
 * statements below join the caller's batch), so it exists exactly when the change does and never
 * delays or breaks it.
 */

export const MAX_ATTEMPTS = 6;

/** The head of an outbox INSERT, for the statements that queue a kind (here and in outbox-quotes.ts). */
export const INSERT = `INSERT INTO outbox (kind, audience, recipient, subscription_id, tracking_number, payload, next_attempt_at, created_at)`;
const audienceOf = `CASE m.source WHEN 'company' THEN 'staff' ELSE 'customer' END`;

// ---- Queueing: statements for the batch of the write that causes the email.

/** A shipment was created: its recipient (when known) and the company address, if "New Shipment Created" is on. */
export function shipmentCreatedMail(trackingNumber: string, at: string): InStatement[] {
  const on = switchOn('new_shipment');
  const company = companyEmail();
  return [
    recipientSubscription(trackingNumber, at),
    companySubscription('new_shipment', at),
    {
      sql: `${INSERT}
            SELECT 'shipment_created', ${audienceOf}, m.email, m.id, s.tracking_number,
                   json_object('tracking_number', s.tracking_number, 'status', s.status, 'origin', s.origin,
                               'destination', s.destination, 'estimated_delivery', s.estimated_delivery,
                               'sender_name', s.sender_name, 'recipient_name', s.recipient_name, 'at', ?),
                   ?, ?
            FROM shipments s JOIN mail_subscriptions m ON m.state = 'active' AND (
                   (m.topic = 'shipment:' || s.tracking_number AND m.source = 'recipient')
                   OR (m.topic = 'notice:new_shipment' AND m.email = ${company.sql}))
            WHERE s.tracking_number = ? AND ${on.sql}
            ORDER BY m.id`,
      args: [at, at, at, ...company.args, trackingNumber, ...on.args],
    },
  ];
}

/**
 * A shipment's status was set (with staff's note, if any): its recipient, the visitors who confirmed
 * alerts, and the company address, unless unsubscribed, if "Shipment Status Updates" is on. The
 * email says the status as the batch has left it, at `at` (when it happened); it is due at `queuedAt`
 * (when it was written), so a scan stamped by a device whose clock runs ahead is not held back; only
 * `when` a condition holds (an action recorded once however often it is sent).
 */
export function statusUpdateMail(
  trackingNumber: string,
  note: string | null,
  at: string,
  queuedAt = at,
  when: SqlPart = { sql: '1', args: [] },
): InStatement[] {
  return [
    ...statusUpdateSubscriptions(trackingNumber, queuedAt),
    queuedStatusUpdate(trackingNumber, note, at, queuedAt, when),
  ];
}

/**
 * The subscriptions a status email goes to (the recipient's, the company's), which `statusUpdateMail`
 * makes first: apart, for a batch that queues the email on the statement just before it (`changes()`).
 */
export const statusUpdateSubscriptions = (trackingNumber: string, queuedAt: string): InStatement[] => [
  recipientSubscription(trackingNumber, queuedAt),
  companySubscription('status_updates', queuedAt),
];

/** The status email itself, to the subscriptions that exist: see `statusUpdateMail`. */
export function queuedStatusUpdate(
  trackingNumber: string,
  note: string | null,
  at: string,
  queuedAt: string,
  when: SqlPart,
): InStatement {
  const on = switchOn('status_updates');
  const company = companyEmail();
  const heard = recipientStatusOn();
  return {
    sql: `${INSERT}
          SELECT 'status_update', ${audienceOf}, m.email, m.id, s.tracking_number,
                 json_object('tracking_number', s.tracking_number, 'status', s.status, 'note', ?,
                             'current_location', s.current_location, 'origin', s.origin,
                             'destination', s.destination, 'estimated_delivery', s.estimated_delivery,
                             'reason', (SELECT h.reason FROM shipment_histories h WHERE h.shipment_id = s.id
                                        ORDER BY h.created_at DESC, h.id DESC LIMIT 1),
                             'pickup_depot', s.pickup_depot, 'pickup_until', s.pickup_until, 'at', ?),
                 ?, ?
          FROM shipments s JOIN mail_subscriptions m ON m.state = 'active' AND (
                 (m.topic = 'shipment:' || s.tracking_number AND ${heard.sql})
                 OR (m.topic = 'notice:status_updates' AND m.email = ${company.sql}))
          WHERE s.tracking_number = ? AND ${on.sql} AND ${when.sql}
          ORDER BY m.id`,
    args: [note, at, queuedAt, queuedAt, ...heard.args, ...company.args, trackingNumber, ...on.args, ...when.args],
  };
}

/**
 * A customer was added: the company address, if "New Customer Registration" is on. For the batch
 * that inserts the customer (the customers module calls it): the customer by id, or by an SQL query
 * of its id when the id is allocated in that batch. Only a customer created at `at` (that is, by
 * this batch) is emailed about.
 */
export function customerCreatedMail(
  customer: { id: string } | { idSql: string; args: InValue[] },
  at: string,
): InStatement[] {
  const on = switchOn('new_customer');
  const company = companyEmail();
  const id = 'id' in customer ? { sql: '?', args: [customer.id] } : { sql: `(${customer.idSql})`, args: customer.args };
  return [
    companySubscription('new_customer', at),
    {
      sql: `${INSERT}
            SELECT 'new_customer', 'staff', m.email, m.id, NULL,
                   json_object('id', c.id, 'name', c.name, 'contact', c.contact, 'email', c.email,
                               'phone', c.phone, 'at', ?),
                   ?, ?
            FROM customers c JOIN mail_subscriptions m
              ON m.state = 'active' AND m.topic = 'notice:new_customer' AND m.email = ${company.sql}
            WHERE c.id = ${id.sql} AND c.created_at = ? AND ${on.sql}`,
      args: [at, at, at, ...company.args, ...id.args, at, ...on.args],
    },
  ];
}

/**
 * The confirmation of an opt-in, for the batch that made the subscription pending: queued only while
 * it is pending, not again while one is still waiting to go out, and only `when` a condition holds.
 */
export function alertConfirmationMail(
  topic: string,
  email: string,
  at: string,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'alert_confirmation', 'customer', m.email, m.id, substr(m.topic, 10),
                 json_object('tracking_number', substr(m.topic, 10)), ?, ?
          FROM mail_subscriptions m
          WHERE m.topic = ? AND m.email = ? AND m.state = 'pending'
            AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.subscription_id = m.id
                            AND o.kind = 'alert_confirmation' AND o.state IN ('queued', 'sending'))
            AND ${when.sql}`,
    args: [at, at, topic, email, ...when.args],
  };
}

/** The table of each kind of link emailed to a staff account. */
const LINK_TABLES = { sign_in_link: 'sign_in_links', password_reset: 'password_resets' } as const;

/**
 * A one-time link (to sign in, to reset the password), to the staff member of the link the same batch
 * made (nothing when the batch made none). The token rides in the payload, as the email must carry it;
 * the link's row keeps only its hash.
 */
export function accountLinkMail(
  kind: keyof typeof LINK_TABLES,
  tokenHash: string,
  link: Payload<typeof kind>,
): InStatement {
  return {
    sql: `${INSERT}
          SELECT ?, 'staff', u.email, NULL, NULL,
                 json_object('token', ?, 'address', ?, 'at', ?, 'expires_at', ?), ?, ?
          FROM ${LINK_TABLES[kind]} l JOIN admin_users u ON u.id = l.user_id WHERE l.token_hash = ?`,
    args: [kind, link.token, link.address, link.at, link.expires_at, link.at, link.at, tokenHash],
  };
}

/**
 * An invitation's link, to the invited email, for the batch that made or renewed the invitation (nothing
 * when no pending invitation has this token). The token rides in the payload; the invitation keeps its hash.
 */
export function invitationMail(
  tokenHash: string,
  link: Omit<Payload<'staff_invitation'>, 'role'>,
  at: string,
): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'staff_invitation', 'staff', email, NULL, NULL,
                 json_object('token', ?, 'role', role, 'invited_by', ?, 'expires_at', ?), ?, ?
          FROM staff_invitations WHERE token_hash = ? AND state = 'pending'`,
    args: [link.token, link.invited_by, link.expires_at, at, at, tokenHash],
  };
}

const ON_HOLD_LISTED = 20;

const figuresRow = z.object({
  created: z.number(),
  delivered: z.number(),
  status_changes: z.number(),
  active: z.number(),
  on_hold_total: z.number(),
});
const onHoldRow = z.object({
  tracking_number: z.string(),
  origin: z.string(),
  destination: z.string(),
  since: z.string(),
});

/**
 * Queues the daily summary of the company's day before `now` (in its time zone) for the company
 * address, if "Daily Summary Report" is on: the day's figures and the shipments on hold. Once per
 * day and address however often it runs (the scheduled function and `npm run notify:daily` may both).
 */
export async function queueDailySummary(
  db: Client,
  now = new Date(),
): Promise<{ date: string; queued: boolean; switchedOff: boolean }> {
  const zone = await getCompanyZone(db);
  const date = addDays(dateIn(zone, now.getTime()), -1);
  const from = dayStart(zone, date);
  const to = dayStart(zone, addDays(date, 1));
  if (!(await isSwitchOn(db, 'daily_summary'))) return { date, queued: false, switchedOff: true };

  const [figures, onHold] = await db.batch(
    [
      {
        sql: `SELECT
                (SELECT count(*) FROM shipments WHERE created_at >= ?1 AND created_at < ?2) AS created,
                (SELECT count(DISTINCT shipment_id) FROM shipment_histories
                 WHERE status = 'delivered' AND created_at >= ?1 AND created_at < ?2) AS delivered,
                (SELECT count(*) FROM shipment_histories WHERE created_at >= ?1 AND created_at < ?2) AS status_changes,
                (SELECT count(*) FROM shipments
                 WHERE status NOT IN (${FINAL_STATUSES.map((_, i) => `?${i + 3}`).join(', ')})) AS active,
                (SELECT count(*) FROM shipments WHERE status = 'on_hold') AS on_hold_total`,
        args: [from, to, ...FINAL_STATUSES],
      },
      {
        sql: `SELECT s.tracking_number, s.origin, s.destination,
                     coalesce((SELECT max(h.created_at) FROM shipment_histories h
                               WHERE h.shipment_id = s.id AND h.status = 'on_hold'), s.updated_at) AS since
              FROM shipments s WHERE s.status = 'on_hold' ORDER BY since, s.id LIMIT ?`,
        args: [ON_HOLD_LISTED],
      },
    ],
    'read',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement; the figures SELECT is an aggregate, one row
  const counts = decodeFirst(figuresRow, figures!.rows)!;
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const payload = JSON.stringify({ date, time_zone: zone, ...counts, on_hold: decodeRows(onHoldRow, onHold!.rows) });
  const at = now.toISOString();
  const on = switchOn('daily_summary');
  const company = companyEmail();
  const [, inserted] = await db.batch(
    [
      companySubscription('daily_summary', at),
      {
        sql: `${INSERT.replace(', created_at)', ', created_at, dedupe_key)')}
              SELECT 'daily_summary', 'staff', m.email, m.id, NULL, ?, ?, ?, 'daily_summary:' || ? || ':' || lower(m.email)
              FROM mail_subscriptions m
              WHERE m.state = 'active' AND m.topic = 'notice:daily_summary' AND m.email = ${company.sql} AND ${on.sql}
              ON CONFLICT (dedupe_key) DO NOTHING`,
        args: [payload, at, at, date, ...company.args, ...on.args],
      },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { date, queued: inserted!.rowsAffected > 0, switchedOff: false };
}

/**
 * The erasure's statement for the outbox: emails not yet sent to the person's address, or naming them
 * (a new-customer notice about them, a shipment notice with their name), are cancelled.
 */
export function cancelMailFor(person: ErasedPerson): InStatement {
  return {
    sql: `UPDATE outbox SET state = 'cancelled', last_error = 'Cancelled: the customer was erased on request'
          WHERE state = 'queued' AND (
                  lower(recipient) = lower(?)
                  OR (kind = 'new_customer' AND json_extract(payload, '$.id') = ?)
                  OR json_extract(payload, '$.sender_name') = ?
                  OR json_extract(payload, '$.recipient_name') = ?)
            AND ${person.live.sql}`,
    args: [person.email ?? '', person.id, person.name, person.name, ...person.live.args],
  };
}
