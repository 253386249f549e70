import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import type { authApi } from '@/lib/api/auth';
import type { Reply } from '@/lib/api/contract';
import { PASSWORD_RESET_PAGES } from '@/lib/api/paths';
import { ROLES } from '@/lib/roles';
import { PASSWORD_RESET_MESSAGES } from '@/lib/sign-in';
import { COMMON_PASSWORD } from './account';
import { type StaffUser, securityActivity } from './activity';
import { passwordHashStatement } from './admin-users';
import { type LoginOutcome, secondStep } from './auth';
import { isCommonPassword } from './common-passwords';
import { checkLink, purgeLinks, redeemLink } from './emailed-links';
import { DEFAULT_ADMIN_PASSWORD } from './env';
import { type ClientInfo, invalidInput, isFormPost, seeOther } from './http';
import { signedInFrom } from './login-throttle';
import { accountLinkMail } from './outbox';
import { hashPassword, reserveHash } from './password';
import { clientNetwork, countRequest } from './rate-limit';
import { endSessionsOf, openSession } from './sessions';
import { endSignInLinksOf } from './sign-in-link';
import { hashToken, newToken } from './tokens';

/**
 * Password reset by email, the one writer of `password_resets`. "Forgot password?" mails a one-time
 * link (a 256-bit token, only its hash stored) valid 30 minutes; a new request replaces the account's
 * earlier unused links. The link's page sets a new password: every session of the account ends, its
 * failed sign-ins are forgotten, and it is signed in again through its second factor if it has one.
 */

const RESET_TTL_MS = 30 * 60 * 1000;

/**
 * Requests per email and per client (an IPv4 address, an IPv6 /64) and 15 minutes. Every request counts,
 * whether an account has that email or not, so the throttle tells nothing about accounts.
 */
export const RESET_LIMITS = {
  email: { limit: 3, windowSeconds: 15 * 60 },
  address: { limit: 10, windowSeconds: 15 * 60 },
} as const;

/**
 * The accounts a reset is for: those that may sign in. A link is made only for one of them; it works
 * only while its account still is (`emailed-links.ts` checks every emailed link's account).
 */
const ACCOUNTS_THAT_MAY_SIGN_IN = "SELECT id FROM admin_users WHERE status = 'active'";

const iso = (time: number) => new Date(time).toISOString();

/**
 * Asks for a reset link. Whether or not an account has the email, the same statements run (the
 * account is only a condition inside them) and the same answer comes back: the link and its email
 * are made only for an account. 429 with Retry-After past the limits.
 */
async function requestPasswordReset(db: Client, email: string, client: ClientInfo, now = Date.now()): Promise<void> {
  const normalized = email.toLowerCase();
  const counts = [
    countRequest({ key: `password-reset:email:${normalized}`, ...RESET_LIMITS.email }, now),
    countRequest({ key: `password-reset:address:${clientNetwork(client.address)}`, ...RESET_LIMITS.address }, now),
  ];
  const counted = await db.batch(
    counts.flatMap(({ statements }) => statements),
    'write',
  );
  let at = 0;
  for (const count of counts) {
    count.check(counted, at);
    at += count.statements.length;
  }

  const token = newToken();
  const tokenHash = hashToken(token);
  const account = `SELECT id FROM admin_users WHERE email = :email AND id IN (${ACCOUNTS_THAT_MAY_SIGN_IN})`;
  await db.batch(
    [
      purgeLinks('password_resets', now),
      {
        sql: `UPDATE password_resets SET replaced_at = :now
              WHERE user_id IN (${account}) AND used_at IS NULL AND replaced_at IS NULL AND expires_at > :now`,
        args: { now: iso(now), email: normalized },
      },
      {
        sql: `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
              SELECT :hash, id, :now, :expires FROM (${account})`,
        args: { hash: tokenHash, now: iso(now), expires: iso(now + RESET_TTL_MS), email: normalized },
      },
      accountLinkMail('password_reset', tokenHash, {
        token,
        address: client.address,
        at: iso(now),
        expires_at: iso(now + RESET_TTL_MS),
      }),
    ],
    'write',
  );
}

/** "Forgot password?" answered: the same words for every email, or after the page's plain form, the page saying them. */
export async function askForReset(
  db: Client,
  email: string,
  client: ClientInfo,
  request: Request,
): Promise<Reply<typeof authApi.passwordForgot> | Response> {
  await requestPasswordReset(db, email, client);
  if (isFormPost(request)) return seeOther(PASSWORD_RESET_PAGES.sent);
  return { status: 'success', message: PASSWORD_RESET_MESSAGES.sent };
}

/** Whether a reset link may be used now: nothing if so, else 401 with words for why not. */
export function checkResetLink(db: Client, token: string, now = Date.now()): Promise<void> {
  return checkLink(db, 'password_resets', { tokenHash: hashToken(token), now, messages: PASSWORD_RESET_MESSAGES });
}

const takenSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  two_factor: z.number().int(),
});

/**
 * Sets a new password with a reset link. A common password is refused before the link is touched. The
 * link is then used up by one conditional write, so of parallel submits one goes on and the others are
 * told it was used; only that one hashes. In one transaction: the new hash, the end of every session and
 * waiting second step of the account, its failed sign-ins and unused sign-in and reset links forgotten,
 * the activity entry, and the sign-in: a session, or (with two-factor sign-in) the second step's
 * challenge. Should the hash fail (the instance is busy: 503), the link is given back.
 */
export async function resetPassword(
  db: Client,
  input: { token: string; new_password: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<ResetOutcome> {
  if (input.new_password === DEFAULT_ADMIN_PASSWORD || (await isCommonPassword(input.new_password))) {
    throw invalidInput({ new_password: [COMMON_PASSWORD] });
  }
  const tokenHash = hashToken(input.token);
  const taken = await redeemLink(db, 'password_resets', {
    tokenHash,
    now,
    returning: `user_id, (SELECT email FROM admin_users WHERE id = user_id) AS email,
                  (SELECT role FROM admin_users WHERE id = user_id) AS role,
                  EXISTS (SELECT 1 FROM admin_two_factor t WHERE t.user_id = password_resets.user_id
                          AND t.secret IS NOT NULL) AS two_factor`,
    schema: takenSchema,
    messages: PASSWORD_RESET_MESSAGES,
  });
  const hash = await hashOrGiveBack(db, tokenHash, input.new_password, now);
  const user: StaffUser = { id: taken.user_id, email: taken.email, role: taken.role, address: client.address };
  const email = user.email.toLowerCase();
  const next = signInAgain(user, taken.two_factor === 1, client, now);
  await db.batch(
    [
      passwordHashStatement(user.id, hash),
      ...endSessionsOf(email),
      {
        sql: `UPDATE password_resets SET replaced_at = ?
              WHERE user_id = ? AND used_at IS NULL AND replaced_at IS NULL AND expires_at > ?`,
        args: [iso(now), user.id, iso(now)],
      },
      endSignInLinksOf(user.id, now),
      securityActivity(user, 'password_reset', iso(now)),
      ...next.statements,
    ],
    'write',
  );
  return next.outcome;
}

/** The new password's hash; should hashing fail (the instance is busy: 503), the link is given back first. */
async function hashOrGiveBack(db: Client, tokenHash: string, password: string, now: number): Promise<string> {
  try {
    return await reserveHash().run(() => hashPassword(password));
  } catch (error) {
    await db.execute({
      sql: 'UPDATE password_resets SET used_at = NULL WHERE token_hash = ? AND used_at = ?',
      args: [tokenHash, iso(now)],
    });
    throw error;
  }
}

type ResetOutcome = Exclude<LoginOutcome, { kind: 'link_sent' }>;

/**
 * How the account signs in again after the reset, for the reset's batch (after its sessions ended): with
 * two-factor sign-in, the second step's challenge (a reset never skips it); else a session, the address
 * becoming one it signed in from.
 */
function signInAgain(
  user: StaffUser,
  twoFactor: boolean,
  client: ClientInfo,
  now: number,
): { statements: InStatement[]; outcome: ResetOutcome } {
  if (twoFactor) {
    const step = secondStep(user.id, false, now);
    return { statements: [step.statement], outcome: step.outcome };
  }
  const opened = openSession(user, false, client, now);
  return {
    statements: [...signedInFrom(user.id, user.email.toLowerCase(), client.address, now), ...opened.statements],
    outcome: { kind: 'session', user, cookie: opened.cookie },
  };
}
