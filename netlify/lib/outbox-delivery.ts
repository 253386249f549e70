import { randomBytes } from 'node:crypto';
import type { Client } from '@libsql/client';
import { z } from 'zod';
import { hourIn } from '@/lib/company-day';
import { getDb } from './db';
import { ACCOUNT_EMAILS, type Audience, EMAIL_KINDS, renderEmail } from './emails';
import { siteUrl } from './env';
import type { FunctionContext } from './http';
import { createMailer, describeFailure, isPermanentFailure, type Mailer } from './mail';
import { readCompany } from './notification-settings';
import { MAX_ATTEMPTS, queueDailySummary } from './outbox';
import { decodeFirst } from './rows';
import { getCompanyZone } from './settings';

/**
 * Delivering the outbox: after a function's answer (`deliverAfterAnswer`), on a schedule and from the
 * command line. Each message is claimed by one worker at a time, sent at most once, retried with
 * backoff after a temporary failure, and keeps its last error.
 */

/** Minutes before attempts 2, 3, ...: a mail server that is down for hours still gets the message. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 360];
/** A claimed message must be sent within this; a send takes at most ~50 s with the mailer's timeouts. */
const LEASE_MS = 2 * 60_000;
/** Terminal messages older than this are deleted by the scheduled run. */
const KEEP_DAYS = 90;
const DAY = 86_400_000;

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
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
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
    // biome-ignore lint/style/noNonNullAssertion: the index is clamped to the list's last entry (attempts is at least 1)
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
    // biome-ignore lint/style/noNonNullAssertion: storedRendering is called only when message.subject !== null (see send)
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

/** The summary goes out from this hour of the company's morning, in its time zone. */
const SUMMARY_HOUR = 6;

/**
 * The hourly run (the company's 06:00 is any hour of UTC): from then on, yesterday's summary for the company
 * address (once a day, if its switch is on); then delivery.
 */
export async function dailySummaryRun(db: Client, now = new Date()) {
  const due = hourIn(await getCompanyZone(db), now.getTime()) >= SUMMARY_HOUR;
  const summary = due ? await queueDailySummary(db, now) : { queued: false, notYet: true };
  return { ...summary, ...(await deliverDue(db)) };
}
