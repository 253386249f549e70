import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { HttpError } from './http';
import { PURGE_BATCH } from './purge';
import { decodeFirst } from './rows';

/**
 * What the links emailed to a staff account share (a sign-in link, a password reset link): a 256-bit
 * token of which only the hash is stored, used up by one conditional write so that of parallel uses
 * exactly one takes it, and words for a link that is not valid, used, replaced or expired. Each kind
 * keeps its own table, written only by its own module through these statements.
 */

type LinkTable = 'sign_in_links' | 'password_resets';

/** What a refused link's page says, by why. */
export interface LinkMessages {
  notValid: string;
  used: string;
  expired: string;
  /** A newer link of the same kind was sent (only kinds whose table has `replaced_at`). */
  replaced?: string;
}

/** A used or expired link is kept this long, so its page can say which it is. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const iso = (time: number) => new Date(time).toISOString();

/** Links a day past their time, a bounded batch (run with each new link). */
export function purgeLinks(table: LinkTable, now: number): InStatement {
  return {
    sql: `DELETE FROM ${table} WHERE token_hash IN (
            SELECT token_hash FROM ${table} WHERE expires_at <= ? LIMIT ?)`,
    args: [iso(now - KEEP_MS), PURGE_BATCH],
  };
}

/** A deactivated account's links are not valid. */
const ACTIVE_ACCOUNT = "(SELECT status FROM admin_users WHERE id = user_id) = 'active'";

/** Whether a link may be used now: its account active, not used, not replaced (where links can be), not expired. */
const usable = (table: LinkTable) =>
  `${ACTIVE_ACCOUNT} AND used_at IS NULL AND expires_at > :now${table === 'password_resets' ? ' AND replaced_at IS NULL' : ''}`;

/**
 * Uses up a link: one conditional write, answering the `returning` columns through `schema`. Refused
 * with 401 and words for what is wrong.
 */
export async function redeemLink<S extends z.ZodType>(
  db: Client,
  table: LinkTable,
  link: { tokenHash: string; now: number; returning: string; schema: S; messages: LinkMessages },
): Promise<z.output<S>> {
  const { tokenHash, now, returning, schema, messages } = link;
  const [taken] = await db.batch(
    [
      {
        sql: `UPDATE ${table} SET used_at = :now WHERE token_hash = :hash AND ${usable(table)}
              RETURNING ${returning}`,
        args: { now: iso(now), hash: tokenHash },
      },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const found = decodeFirst(schema, taken!.rows);
  if (found !== null) return found;
  throw await linkRefusal(db, table, tokenHash, now, messages);
}

/** Looks at a link without using it: nothing when it may be used now, else the refusal `redeemLink` would throw. */
export async function checkLink(
  db: Client,
  table: LinkTable,
  link: { tokenHash: string; now: number; messages: LinkMessages },
): Promise<void> {
  const { rows } = await db.execute({
    sql: `SELECT 1 AS ok FROM ${table} WHERE token_hash = :hash AND ${usable(table)}`,
    args: { now: iso(link.now), hash: link.tokenHash },
  });
  if (!rows.length) throw await linkRefusal(db, table, link.tokenHash, link.now, link.messages);
}

const stateSchema = z.object({
  expires_at: z.string(),
  used_at: z.string().nullable(),
  replaced_at: z.string().nullable().optional(),
});

/** Why a link cannot be used: not one we sent (or its account may no longer use it), used, replaced or expired. */
async function linkRefusal(
  db: Client,
  table: LinkTable,
  tokenHash: string,
  now: number,
  messages: LinkMessages,
): Promise<HttpError> {
  const { rows } = await db.execute({
    sql: `SELECT * FROM ${table} WHERE token_hash = ? AND ${ACTIVE_ACCOUNT}`,
    args: [tokenHash],
  });
  const state = decodeFirst(stateSchema, rows);
  if (state?.used_at) return new HttpError(401, messages.used);
  if (state?.replaced_at && messages.replaced) return new HttpError(401, messages.replaced);
  if (state && Date.parse(state.expires_at) <= now) return new HttpError(401, messages.expired);
  return new HttpError(401, messages.notValid);
}
