import { randomBytes } from 'node:crypto';
import type { Client, InStatement, InValue } from '@libsql/client';
import { z } from 'zod';
import { addDays, dateIn, dayStart } from '@/lib/company-day';
import {
  OUTBOX_STATES,
  type OutboxList,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxState,
  outboxMessageSchema,
} from '@/lib/schemas/outbox';
import type { ErasedPerson } from './activity';
import { getDb } from './db';
import { ACCOUNT_EMAILS, type Audience, EMAIL_KINDS, type Payload, renderEmail } from './emails';
import { getEnv, siteUrl } from './env';
import { type FunctionContext, HttpError } from './http';
import { createMailer, describeFailure, isPermanentFailure, type Mailer } from './mail';
import { companyEmail, isSwitchOn, readCompany, switchOn } from './notification-settings';
import { decodeFirst, decodeRows } from './rows';
import { getCompanyZone } from './settings';
import { companySubscription, recipientSubscription } from './subscriptions';

/**
 * The outbox: the one writer of `outbox`. An email is a row written in the same transaction as the
 * change it reports (the statements below join the caller's batch), so it exists exactly when the
 * change does and never delays or breaks it. Delivery runs after the answer (`deliverAfterAnswer`),
 * on a schedule and from the command line: each message is claimed by one worker at a time, sent
 * at most once, retried with backoff after a temporary failure, and keeps its last error.
 */

export const MAX_ATTEMPTS = 6;
/** Minutes before attempts 2, 3, ...: a mail server that is down for hours still gets the message. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 360];
/** A claimed message must be sent within this; a send takes at most ~50 s with the mailer's timeouts. */
const LEASE_MS = 2 * 60_000;
/** Terminal messages older than this are deleted by the scheduled run. */
const KEEP_DAYS = 90;

const INSERT = `INSERT INTO outbox (kind, audience, recipient, subscription_id, tracking_number, payload, next_attempt_at, created_at)`;
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
 * (when it was written), so a scan stamped by a device whose clock runs ahead is not held back.
 */
export function statusUpdateMail(
  trackingNumber: string,
  note: string | null,
  at: string,
  queuedAt = at,
): InStatement[] {
  const on = switchOn('status_updates');
  const company = companyEmail();
  return [
    recipientSubscription(trackingNumber, queuedAt),
    companySubscription('status_updates', queuedAt),
    {
      sql: `${INSERT}
            SELECT 'status_update', ${audienceOf}, m.email, m.id, s.tracking_number,
                   json_object('tracking_number', s.tracking_number, 'status', s.status, 'note', ?,
                               'current_location', s.current_location, 'origin', s.origin,
                               'destination', s.destination, 'estimated_delivery', s.estimated_delivery, 'at', ?),
                   ?, ?
            FROM shipments s JOIN mail_subscriptions m ON m.state = 'active' AND (
                   m.topic = 'shipment:' || s.tracking_number
                   OR (m.topic = 'notice:status_updates' AND m.email = ${company.sql}))
            WHERE s.tracking_number = ? AND ${on.sql}
            ORDER BY m.id`,
      args: [note, at, queuedAt, queuedAt, ...company.args, trackingNumber, ...on.args],
    },
  ];
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

/**
 * A one-time sign-in link, to the staff member of the link the same batch made (nothing when the
 * batch made none). The token rides in the payload, as the email must carry it; the link's row
 * keeps only its hash.
 */
export function signInLinkMail(tokenHash: string, link: Payload<'sign_in_link'>): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'sign_in_link', 'staff', u.email, NULL, NULL,
                 json_object('token', ?, 'address', ?, 'at', ?, 'expires_at', ?), ?, ?
          FROM sign_in_links l JOIN admin_users u ON u.id = l.user_id WHERE l.token_hash = ?`,
    args: [link.token, link.address, link.at, link.expires_at, link.at, link.at, tokenHash],
  };
}

const DAY = 86_400_000;
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
                (SELECT count(*) FROM shipments WHERE status <> 'delivered') AS active,
                (SELECT count(*) FROM shipments WHERE status = 'on_hold') AS on_hold_total`,
        args: [from, to],
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
  const counts = decodeFirst(figuresRow, figures!.rows)!;
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

// ---- Delivery.

const claimedRow = z.object({
  id: z.number().int(),
  kind: z.enum(EMAIL_KINDS),
  audience: z.enum(['customer', 'staff']),
  recipient: z.string(),
  subscription_id: z.number().int().nullable(),
  payload: z.string(),
  subject: z.string().nullable(),
  text_body: z.string().nullable(),
  html_body: z.string().nullable(),
  headers: z.string().nullable(),
  message_id: z.string().nullable(),
  attempts: z.number().int(),
});
type Claimed = z.infer<typeof claimedRow>;

const subscriptionRow = z.object({ state: z.string(), token: z.string() });

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  logged: number;
  cancelled: number;
}

export interface DeliveryOptions {
  /** The mailer to use; by default one for SMTP_URL (none when it is unset). */
  mailer?: Mailer | null;
  now?: () => number;
  /** At most this many messages in one run. */
  limit?: number;
  /** Stop claiming new messages after this long (a function's time is limited). */
  budgetMs?: number;
}

const iso = (time: number) => new Date(time).toISOString();

/**
 * Sends what is due, one message at a time: claim it (a write that only one worker can win), render
 * it on its first claim, send it, record the outcome. Without a mail server, messages are rendered
 * and kept as `logged`. A message whose lease ran out mid-send is failed rather than sent again.
 */
export async function deliverDue(db: Client, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const now = options.now ?? Date.now;
  const ownMailer = options.mailer === undefined;
  const mailer = ownMailer ? createMailer() : (options.mailer ?? null);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, logged: 0, cancelled: 0 };
  const started = now();
  const site = siteUrl();
  let company: Awaited<ReturnType<typeof readCompany>> | undefined;
  try {
    await db.execute({
      sql: `UPDATE outbox SET state = 'failed', lease_until = NULL,
              last_error = 'Interrupted while sending: not retried automatically, so it cannot arrive twice. Retry it if it did not arrive.'
            WHERE state = 'sending' AND lease_until <= ?`,
      args: [iso(now())],
    });
    for (let count = 0; count < (options.limit ?? 50) && now() - started < (options.budgetMs ?? 20_000); count++) {
      const message = await claimNext(db, now());
      if (!message) break;
      company ??= await readCompany(db);
      report[await deliverOne(db, message, mailer, { site, company, now })]++;
    }
  } finally {
    if (ownMailer) mailer?.close();
  }
  return report;
}

async function claimNext(db: Client, now: number): Promise<Claimed | null> {
  // A write transaction from its start (BEGIN IMMEDIATE), so the pick and the claim see the same state.
  const [claimed] = await db.batch(
    [
      {
        sql: `UPDATE outbox SET state = 'sending', lease_until = ?
              WHERE id = (SELECT id FROM outbox WHERE state = 'queued' AND next_attempt_at <= ?
                          ORDER BY next_attempt_at, id LIMIT 1)
              RETURNING id, kind, audience, recipient, subscription_id, payload, subject, text_body, html_body,
                        headers, message_id, attempts`,
        args: [iso(now + LEASE_MS), iso(now)],
      },
    ],
    'write',
  );
  return decodeFirst(claimedRow, claimed!.rows);
}

type Outcome = keyof DeliveryReport;

async function deliverOne(
  db: Client,
  message: Claimed,
  mailer: Mailer | null,
  context: { site: string; company: Awaited<ReturnType<typeof readCompany>>; now: () => number },
): Promise<Outcome> {
  const finish = (sql: string, args: Array<string | number | null>) =>
    db.execute({
      sql: `UPDATE outbox SET ${sql}, lease_until = NULL WHERE id = ? AND state = 'sending'`,
      args: [...args, message.id],
    });

  const toAccount = ACCOUNT_EMAILS.has(message.kind);
  const subscription = message.subscription_id
    ? decodeFirst(
        subscriptionRow,
        (
          await db.execute({
            sql: 'SELECT state, token FROM mail_subscriptions WHERE id = ?',
            args: [message.subscription_id],
          })
        ).rows,
      )
    : null;
  const wanted = message.kind === 'alert_confirmation' ? 'pending' : 'active';
  if (!toAccount && (!subscription || subscription.state !== wanted)) {
    await finish(`state = 'cancelled', last_error = ?`, [
      subscription?.state === 'unsubscribed' || !subscription
        ? 'Not sent: the address unsubscribed.'
        : 'Not sent: the alert was confirmed already.',
    ]);
    return 'cancelled';
  }

  let rendered: { subject: string; text: string; html: string; headers: Record<string, string>; messageId: string };
  try {
    rendered =
      message.subject !== null ? storedRendering(message) : render(message, subscription?.token ?? null, context);
  } catch (error) {
    // A payload that cannot be rendered will not render on retry either.
    await finish(`state = 'failed', attempts = attempts + 1, last_error = ?`, [
      `Could not be written: ${describeFailure(error)}`,
    ]);
    return 'failed';
  }
  if (message.subject === null) {
    await db.execute({
      sql: 'UPDATE outbox SET subject = ?, text_body = ?, html_body = ?, headers = ?, message_id = ? WHERE id = ?',
      args: [
        rendered.subject,
        rendered.text,
        rendered.html,
        JSON.stringify(rendered.headers),
        rendered.messageId,
        message.id,
      ],
    });
  }

  if (!mailer) {
    await finish(`state = 'logged'`, []);
    return 'logged';
  }
  try {
    await mailer.send({ to: message.recipient, ...rendered });
  } catch (error) {
    const attempts = message.attempts + 1;
    const reason = describeFailure(error);
    if (isPermanentFailure(error) || attempts >= MAX_ATTEMPTS) {
      await finish(`state = 'failed', attempts = ?, last_error = ?`, [attempts, reason]);
      return 'failed';
    }
    const wait = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)]! * 60_000;
    await finish(`state = 'queued', attempts = ?, last_error = ?, next_attempt_at = ?`, [
      attempts,
      reason,
      iso(context.now() + wait),
    ]);
    return 'retrying';
  }
  await finish(`state = 'sent', attempts = attempts + 1, sent_at = ?`, [iso(context.now())]);
  return 'sent';
}

const storedHeaders = z.record(z.string(), z.string());

function storedRendering(message: Claimed) {
  return {
    subject: message.subject!,
    text: message.text_body ?? '',
    html: message.html_body ?? '',
    headers: storedHeaders.parse(JSON.parse(message.headers ?? '{}')),
    messageId: message.message_id ?? newMessageId(message.id),
  };
}

function render(
  message: Claimed,
  token: string | null,
  { site, company }: { site: string; company: Awaited<ReturnType<typeof readCompany>> },
) {
  const email = renderEmail(message.kind, message.audience satisfies Audience, JSON.parse(message.payload), company, {
    site,
    token,
  });
  return { ...email, messageId: newMessageId(message.id) };
}

function newMessageId(id: number): string {
  const host = new URL(siteUrl()).hostname || 'localhost';
  return `<outbox-${id}.${randomBytes(6).toString('hex')}@${host}>`;
}

/**
 * Starts a delivery run after the function has answered (Netlify keeps the instance alive for
 * `waitUntil`). Where there is no `waitUntil` (tests calling handlers), the scheduled run delivers.
 */
export function deliverAfterAnswer(context: FunctionContext): void {
  context.waitUntil?.(
    getDb()
      .then((db) => deliverDue(db))
      .catch((error: unknown) => console.error('[outbox] delivery run failed:', error)),
  );
}

/** Deletes sent, logged, cancelled and failed messages older than 90 days, a bounded number per run. */
export async function purgeOutbox(db: Client, now = Date.now()): Promise<number> {
  const { rowsAffected } = await db.execute({
    sql: `DELETE FROM outbox WHERE id IN (
            SELECT id FROM outbox WHERE state IN ('sent', 'logged', 'cancelled', 'failed') AND created_at < ?
            ORDER BY id LIMIT 500)`,
    args: [iso(now - KEEP_DAYS * DAY)],
  });
  return rowsAffected;
}

// ---- The Outbox page.

export const MESSAGE_NOT_FOUND = 'Message not found.';

/** A page of messages, newest first, optionally of one state; with the count of each state. */
export async function listOutbox(db: Client, query: OutboxListQuery): Promise<OutboxList> {
  const cursor = query.cursor ?? null;
  const [page, counts] = await db.batch(
    [
      {
        sql: `SELECT id, kind, audience, recipient, tracking_number, state, attempts, next_attempt_at, last_error,
                     subject, text_body, created_at, sent_at
              FROM outbox
              WHERE (?1 IS NULL OR state = ?1) AND (?2 IS NULL OR id < ?2)
              ORDER BY id DESC LIMIT ?3`,
        args: [query.state ?? null, cursor, query.limit + 1],
      },
      { sql: 'SELECT state, count(*) AS n FROM outbox GROUP BY state', args: [] },
    ],
    'read',
  );
  const rows = decodeRows(outboxMessageSchema, page!.rows);
  const items = rows.slice(0, query.limit);
  const byState: Record<OutboxState, number> = { queued: 0, sending: 0, sent: 0, failed: 0, logged: 0, cancelled: 0 };
  for (const row of decodeRows(z.object({ state: z.enum(OUTBOX_STATES), n: z.number() }), counts!.rows)) {
    byState[row.state] = row.n;
  }
  return {
    items,
    meta: {
      next_cursor: rows.length > query.limit ? items[items.length - 1]!.id : null,
      counts: byState,
      mail_server: Boolean(getEnv().SMTP_URL),
    },
  };
}

/** Puts a failed message back in the queue, due now (staff's "Retry"). */
export async function retryMessage(db: Client, id: number, now = new Date()): Promise<OutboxMessage> {
  const { rows } = await db.execute({
    sql: `UPDATE outbox SET state = 'queued', next_attempt_at = ? WHERE id = ? AND state = 'failed'
          RETURNING id, kind, audience, recipient, tracking_number, state, attempts, next_attempt_at, last_error,
                    subject, text_body, created_at, sent_at`,
    args: [now.toISOString(), id],
  });
  const row = decodeFirst(outboxMessageSchema, rows);
  if (row) return row;
  const { rows: existing } = await db.execute({ sql: 'SELECT state FROM outbox WHERE id = ?', args: [id] });
  if (existing.length === 0) throw new HttpError(404, MESSAGE_NOT_FOUND);
  throw new HttpError(409, 'Only a failed message can be retried.');
}
