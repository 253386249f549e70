import type { Client } from '@libsql/client';
import { z } from 'zod';
import { MESSAGE_NOT_FOUND } from '@/lib/api/outbox';
import {
  OUTBOX_STATES,
  type OutboxList,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxState,
  outboxMessageSchema,
} from '@/lib/schemas/outbox';
import { getEnv } from './env';
import { HttpError } from './http';
import { decodeFirst, decodeRows } from './rows';

/** The Outbox page: the messages, newest first, and staff's Retry of a failed one. */

/**
 * A link that carries a token, in its fragment or a `token` parameter: it acts as its recipient (signs in, sets a
 * password, accepts a quote, moves a pickup, confirms or ends alerts).
 */
const TOKEN_LINK = /\S+(?:#|[?&]token=)[\w-]{20,}/g;

/**
 * A message as staff read it. Its links with a token show only while no mail server takes it to its recipient
 * (kept on the page instead: 'logged'), where staff hand it on; otherwise they are the recipient's alone.
 */
function asStaffRead(message: OutboxMessage): OutboxMessage {
  if (message.state === 'logged' || message.text_body === null) return message;
  return {
    ...message,
    text_body: message.text_body.replace(TOKEN_LINK, '(not shown here: only the recipient may use this link)'),
  };
}

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
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const rows = decodeRows(outboxMessageSchema, page!.rows);
  const items = rows.slice(0, query.limit).map(asStaffRead);
  const byState: Record<OutboxState, number> = { queued: 0, sending: 0, sent: 0, failed: 0, logged: 0, cancelled: 0 };
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  for (const row of decodeRows(z.object({ state: z.enum(OUTBOX_STATES), n: z.number() }), counts!.rows)) {
    byState[row.state] = row.n;
  }
  return {
    items,
    meta: {
      // biome-ignore lint/style/noNonNullAssertion: rows.length > query.limit, so items holds query.limit (at least 1) rows
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
  if (row) return asStaffRead(row);
  const { rows: existing } = await db.execute({ sql: 'SELECT state FROM outbox WHERE id = ?', args: [id] });
  if (existing.length === 0) throw new HttpError(404, MESSAGE_NOT_FOUND);
  throw new HttpError(409, 'Only a failed message can be retried.');
}
