import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { ROLES, type Role } from '@/lib/roles';
import { SIGN_IN_LINK_MESSAGES } from '@/lib/sign-in';
import { purgeLinks, redeemLink } from './emailed-links';
import { accountLinkMail } from './outbox';

/**
 * One-time sign-in links, the one writer of `sign_in_links`. When strangers have filled an account's
 * sign-in budget, a right password alone does not sign in (it must not show itself as right): for an
 * account without two-factor sign-in, a link emailed to the account finishes it. A link is a 256-bit
 * token of which only the hash is stored (emailed-links.ts); it works once, within 15 minutes.
 */

const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** Links an account gets per 15 minutes at most: a right password cannot flood its mailbox. */
export const SIGN_IN_LINKS_PER_WINDOW = 3;

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
    purgeLinks('sign_in_links', now),
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
    accountLinkMail('sign_in_link', tokenHash, {
      token,
      address,
      at: iso(now),
      expires_at: iso(now + SIGN_IN_LINK_TTL_MS),
    }),
  ];
}

/** Ends the account's sign-in links not yet used (its password was reset: they stood for the old one). */
export function endSignInLinksOf(userId: number, now: number): InStatement {
  return {
    sql: 'UPDATE sign_in_links SET expires_at = ? WHERE user_id = ? AND used_at IS NULL AND expires_at > ?',
    args: [iso(now), userId, iso(now)],
  };
}

const takenSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  remember: z.number().int(),
});

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
  const link = await redeemLink(db, 'sign_in_links', {
    tokenHash,
    now,
    returning: `user_id, remember, (SELECT email FROM admin_users WHERE id = user_id) AS email,
      (SELECT role FROM admin_users WHERE id = user_id) AS role`,
    schema: takenSchema,
    messages: SIGN_IN_LINK_MESSAGES,
  });
  return { id: link.user_id, email: link.email, role: link.role, remember: link.remember === 1 };
}
