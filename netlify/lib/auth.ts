import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import { ROLES } from '@/lib/roles';
import type { LoginInput } from '@/lib/schemas/login';
import { LOGIN_MESSAGES } from '@/lib/sign-in';
import type { StaffUser } from './activity';
import { DEFAULT_ADMIN_PASSWORD, getEnv } from './env';
import { type ClientInfo, HttpError } from './http';
import { countAttempt, finishAttempt, releaseAttempt, signedInFrom } from './login-throttle';
import { DUMMY_PASSWORD_HASH, reserveHash, verifyPassword } from './password';
import { PURGE_BATCH } from './purge';
import { decodeFirst } from './rows';
import { openSession } from './sessions';
import { issueSignInLink, redeemSignInLink } from './sign-in-link';
import { hashToken, newToken } from './tokens';

/** Sign-in, in one or two steps or by an emailed link: the one writer of `login_challenges`. */

/** How long the second step of a sign-in may wait for its code, and how many wrong codes it allows. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_CODES = 5;
const INVALID_CREDENTIALS = LOGIN_MESSAGES.invalidCredentials;
export const INVALID_CODE = LOGIN_MESSAGES.invalidCode;
export const CHALLENGE_EXPIRED = LOGIN_MESSAGES.challengeExpired;
export const CODE_JUST_USED = LOGIN_MESSAGES.codeJustUsed;
export const PASSWORD_OR_CODE = LOGIN_MESSAGES.passwordOrCode;
const iso = (time: number) => new Date(time).toISOString();

/**
 * Where a sign-in ends: a session (its cookie), a second step that needs a code, or (the account's
 * budget being full, without two-factor sign-in) a link emailed to the account if the password was right.
 */
export type LoginOutcome =
  | { kind: 'session'; user: StaffUser; cookie: string }
  | { kind: 'challenge'; challenge: string; expiresInSeconds: number; guarded: boolean }
  | { kind: 'link_sent' };

const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  password_hash: z.string(),
  two_factor: z.number().int(),
});

/**
 * Checks the credentials and opens a session (a deactivated account signs in as an unknown email does) with a fresh 256-bit token, or, when two-factor sign-in
 * is on, a 5-minute challenge for the code. The attempt is counted (and may be refused) before the
 * password is hashed; an unknown email is hashed against a fixed dummy hash, so it costs the same
 * single hash. Both a wrong email and a wrong password answer 401 `Invalid credentials`, except in a
 * guarded sign-in (strangers filled the account's budget, see `guardedLogin`).
 */
export async function login(
  db: Client,
  { email, password, remember }: LoginInput,
  client: ClientInfo,
  now = Date.now(),
): Promise<LoginOutcome> {
  const normalized = email.trim().toLowerCase();
  const ticket = reserveHash();
  try {
    const {
      id: attemptId,
      guarded,
      reads: [account],
    } = await countAttempt(
      db,
      { email: normalized, address: client.address, kind: 'password' },
      {
        now,
        also: [purgeChallenges(now)],
        reads: [
          {
            sql: `SELECT u.id, u.email, u.role, u.password_hash,
                         EXISTS (SELECT 1 FROM admin_two_factor t WHERE t.user_id = u.id AND t.secret IS NOT NULL) AS two_factor
                  FROM admin_users u WHERE u.email = ? AND u.status = 'active'`,
            args: [normalized],
          },
        ],
      },
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    const row = decodeFirst(accountSchema, account!.rows);
    const matches = await ticket.run(() => verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH));
    if (guarded && !(row && matches && isBuiltInPasswordOffLocal(password))) {
      return await guardedLogin(db, { account: row, matches, attemptId, remember }, client, now);
    }
    if (!row || !matches) {
      await db.execute(finishAttempt(attemptId));
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (isBuiltInPasswordOffLocal(password)) {
      await db.execute(finishAttempt(attemptId));
      throw new HttpError(
        403,
        'The built-in local password cannot be used on a live site. Set a new one with npm run admin:password.',
      );
    }
    const user = { id: row.id, email: row.email, role: row.role, address: client.address };
    if (row.two_factor) {
      // The right password gives its attempt back; each code is counted on its own.
      const step = secondStep(user.id, remember, now);
      await db.batch([releaseAttempt(attemptId), step.statement], 'write');
      return step.outcome;
    }
    const opened = openSession(user, remember, client, now);
    await db.batch([...signedInFrom(user.id, normalized, client.address, now), ...opened.statements], 'write');
    return { kind: 'session', user, cookie: opened.cookie };
  } finally {
    ticket.release();
  }
}

/**
 * The built-in local password is public: refused in production and on every deployed site (a deploy preview
 * is public too), and saying so reveals nothing.
 */
const isBuiltInPasswordOffLocal = (password: string) => {
  const env = getEnv();
  return (env.isProduction || env.deployed) && password === DEFAULT_ADMIN_PASSWORD;
};

/**
 * The second step of an account with two-factor sign-in whose password is proven (by a sign-in, or by a
 * reset link, which never skips the second factor): the statement for the caller's batch, and the answer.
 */
export function secondStep(
  userId: number,
  remember: boolean,
  now: number,
): { statement: InStatement; outcome: Extract<LoginOutcome, { kind: 'challenge' }> } {
  const challenge = newToken();
  return {
    statement: challengeStatement(challenge, userId, remember, now),
    outcome: { kind: 'challenge', challenge, expiresInSeconds: CHALLENGE_TTL_MS / 1000, guarded: false },
  };
}

function challengeStatement(
  challenge: string,
  userId: number,
  remember: boolean,
  now: number,
  { guarded = false, passwordOk = true } = {},
): InStatement {
  return {
    sql: `INSERT INTO login_challenges (token_hash, user_id, remember, guarded, password_ok, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)`,
    args: [
      hashToken(challenge),
      userId,
      remember ? 1 : 0,
      guarded ? 1 : 0,
      passwordOk ? 1 : 0,
      iso(now),
      iso(now + CHALLENGE_TTL_MS),
    ],
  };
}

/**
 * A sign-in from an unknown address while strangers have filled the account's budget. The owner
 * must still get in, and the guessers must learn nothing, so the answer is the same whatever the
 * password (and the attempt keeps counting either way, as a given-back attempt would show through
 * the per-address buckets): with two-factor sign-in on, a second step that only a right password
 * and a right code pass together; otherwise "we emailed you a link", the link being made (and
 * emailed through the outbox) only for a right password. An unknown email answers as an account
 * without two-factor sign-in does.
 */
async function guardedLogin(
  db: Client,
  {
    account,
    matches,
    attemptId,
    remember,
  }: { account: z.infer<typeof accountSchema> | null; matches: boolean; attemptId: number; remember: boolean },
  client: ClientInfo,
  now: number,
): Promise<LoginOutcome> {
  if (account?.two_factor) {
    const challenge = newToken();
    await db.batch(
      [
        finishAttempt(attemptId),
        challengeStatement(challenge, account.id, remember, now, { guarded: true, passwordOk: matches }),
      ],
      'write',
    );
    return { kind: 'challenge', challenge, expiresInSeconds: CHALLENGE_TTL_MS / 1000, guarded: true };
  }
  const token = newToken();
  const link =
    account && matches
      ? issueSignInLink(account, { token, tokenHash: hashToken(token), remember, address: client.address, now })
      : [];
  await db.batch([finishAttempt(attemptId), ...link], 'write');
  return { kind: 'link_sent' };
}

/**
 * A sign-in finished by a link emailed to the account: the link is used up (by one request only),
 * then the session opens, and the address it is opened from becomes known to the account.
 */
export async function completeLinkSignIn(
  db: Client,
  token: string,
  client: ClientInfo,
  now = Date.now(),
): Promise<{ user: StaffUser; cookie: string }> {
  const { remember, ...account } = await redeemSignInLink(db, hashToken(token), now);
  const user = { ...account, address: client.address };
  const opened = openSession(user, remember, client, now);
  await db.batch(
    [...signedInFrom(user.id, user.email.toLowerCase(), client.address, now), ...opened.statements],
    'write',
  );
  return { user, cookie: opened.cookie };
}

/** Challenges past their time, a bounded batch (run with each sign-in attempt). */
function purgeChallenges(now: number): InStatement {
  return {
    sql: `DELETE FROM login_challenges WHERE token_hash IN (
            SELECT token_hash FROM login_challenges WHERE expires_at <= ? LIMIT ?)`,
    args: [iso(now), PURGE_BATCH],
  };
}
