import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { ROLES, type Role } from '@/lib/roles';
import { SIGN_IN_LINK_MESSAGES } from '@/lib/sign-in';
import { HttpError } from './http';
import { signInLinkMail } from './outbox';
import { decodeFirst } from './rows';

/**
 * One-time sign-in links, the one writer of `sign_in_links`. When strangers have filled an account's
 * sign-in budget, a right password alone does not sign in (it must not show itself as right): for an
 * account without two-factor sign-in, a link emailed to the account finishes it. A link is a 256-bit
 * token of which only the hash is stored; it works once, within 15 minutes.
 */

const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** Links an account gets per 15 minutes at most: a right password cannot flood its mailbox. */
export const SIGN_IN_LINKS_PER_WINDOW = 3;
/** A used or expired link is kept this long, so its page can say which it is. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const iso = (time: number) => new Date(time).toISOString();

/**
 * The statements that make a link for the account and queue its email through the outbox, for the
 * sign-in's transaction; nothing is made past the account's links per window. The token itself is
 * kept only in the email.
 */
export function issueSignInLink(
  user: { id: number },
  link: { token: string; tokenHash: string; remember: boolean; address: string; now: number },
): InStatement[] {
  const { token, tokenHash, remember, address, now } = link;
  return [
    {
      sql: `DELETE FROM sign_in_links WHERE token_hash IN (
              SELECT token_hash FROM sign_in_links WHERE expires_at <= ? LIMIT 100)`,
      args: [iso(now - KEEP_MS)],
    },
    {
      sql: `INSERT INTO sign_in_links (token_hash, user_id, remember, created_at, expires_at)
            SELECT ?, ?, ?, ?, ?
            WHERE (SELECT count(*) FROM sign_in_links WHERE user_id = ? AND created_at > ?) < ?`,
      args: [
        tokenHash,
        user.id,
        remember ? 1 : 0,
        iso(now),
        iso(now + SIGN_IN_LINK_TTL_MS),
        user.id,
        iso(now - SIGN_IN_LINK_TTL_MS),
        SIGN_IN_LINKS_PER_WINDOW,
      ],
    },
    signInLinkMail(tokenHash, { token, address, at: iso(now), expires_at: iso(now + SIGN_IN_LINK_TTL_MS) }),
  ];
}

const takenSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  remember: z.number().int(),
});
const linkSchema = z.object({ expires_at: z.string(), used_at: z.string().nullable() });

/**
 * Uses up a link: one conditional write, so of parallel uses exactly one takes it (the caller then
 * opens the session). Others are refused with 401 and words for what is wrong: not a link we sent,
 * used already, or expired.
 */
export async function redeemSignInLink(
  db: Client,
  tokenHash: string,
  now: number,
): Promise<{ id: number; email: string; role: Role; remember: boolean }> {
  const [taken] = await db.batch(
    [
      {
        // A deactivated account's link is refused as not valid.
        sql: `UPDATE sign_in_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
                AND (SELECT status FROM admin_users WHERE id = user_id) = 'active'
              RETURNING user_id, remember, (SELECT email FROM admin_users WHERE id = user_id) AS email,
                (SELECT role FROM admin_users WHERE id = user_id) AS role`,
        args: [iso(now), tokenHash, iso(now)],
      },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const link = decodeFirst(takenSchema, taken!.rows);
  if (link) return { id: link.user_id, email: link.email, role: link.role, remember: link.remember === 1 };
  const { rows } = await db.execute({
    sql: `SELECT expires_at, used_at FROM sign_in_links
          WHERE token_hash = ? AND (SELECT status FROM admin_users WHERE id = user_id) = 'active'`,
    args: [tokenHash],
  });
  const refused = decodeFirst(linkSchema, rows);
  if (!refused) throw new HttpError(401, SIGN_IN_LINK_MESSAGES.notValid);
  throw new HttpError(401, refused.used_at ? SIGN_IN_LINK_MESSAGES.used : SIGN_IN_LINK_MESSAGES.expired);
}
