import { createHash, randomBytes } from 'node:crypto';
import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { SessionInfo } from '@/lib/schemas/account';
import type { LoginInput } from '@/lib/schemas/login';
import { LOGIN_MESSAGES } from '@/lib/sign-in';
import { type StaffUser, securityActivity, sessionActivity } from './activity';
import { getDb } from './db';
import { DEFAULT_ADMIN_PASSWORD, getEnv } from './env';
import { assertSameOrigin, type ClientInfo, HttpError, requireMethod } from './http';
import { countAttempt, finishAttempt, forgetAttempts, releaseAttempt, signedInFrom } from './login-throttle';
import { DUMMY_PASSWORD_HASH, reserveHash, verifyPassword } from './password';
import { PURGE_BATCH } from './purge';
import { decodeFirst, decodeRows } from './rows';
import { issueSignInLink, redeemSignInLink } from './sign-in-link';
import { codeJustUsed, consumeSecondFactor } from './two-factor';
import { browserSummary } from './user-agent';

/** Sign-in and sessions: the one writer of `sessions` and `login_challenges`. */

export const SESSION_COOKIE = '__Host-session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
/** Live sessions a staff member may have; a new sign-in ends the oldest beyond. */
export const MAX_SESSIONS_PER_USER = 10;
/** How long the second step of a sign-in may wait for its code, and how many wrong codes it allows. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_CODES = 5;
// last_seen_at is written at most this often, so reads do not all turn into writes.
const TOUCH_INTERVAL_MS = 60 * 1000;

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_CREDENTIALS = LOGIN_MESSAGES.invalidCredentials;
export const INVALID_CODE = LOGIN_MESSAGES.invalidCode;
export const CHALLENGE_EXPIRED = LOGIN_MESSAGES.challengeExpired;
export const CODE_JUST_USED = LOGIN_MESSAGES.codeJustUsed;
export const PASSWORD_OR_CODE = LOGIN_MESSAGES.passwordOrCode;
export const SESSION_NOT_FOUND = 'No such session';

/** The signed-in staff member of a request, with the public id of the session it came with. */
export interface SessionUser extends StaffUser {
  sessionId: string;
}

const iso = (time: number) => new Date(time).toISOString();

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const newToken = () => randomBytes(32).toString('base64url');

/** The session token a request carries in its cookie, if any. */
export function sessionToken(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

function sessionCookie(token: string, maxAgeSeconds?: number): string {
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict${age}`;
}

export const CLEAR_SESSION_COOKIE = sessionCookie('', 0);

const sessionRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  session_id: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
});

/** The signed-in admin of a request, or null: no cookie, an unknown token, or an idle or expired session. */
export async function currentUser(db: Client, request: Request, now = Date.now()): Promise<SessionUser | null> {
  return (await currentUserReading(db, request, [], now)).user;
}

/**
 * The session check with other reads in the same round trip (one batch): their answers, in order, are
 * handed back only when the session holds.
 */
async function currentUserReading(
  db: Client,
  request: Request,
  reads: InStatement[],
  now: number,
): Promise<{ user: SessionUser | null; results: ResultSet[] }> {
  const token = sessionToken(request);
  if (!token || token.length > 100) return { user: null, results: [] };
  const tokenHash = hashToken(token);
  const session: InStatement = {
    sql: `SELECT u.id, u.email, s.id AS session_id, s.last_seen_at, s.expires_at
          FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
    args: [tokenHash],
  };
  const [found, ...results] = reads.length ? await db.batch([session, ...reads], 'read') : [await db.execute(session)];
  const row = decodeFirst(sessionRowSchema, found!.rows);
  if (!row) return { user: null, results: [] };
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_TIMEOUT_MS <= now) {
    await db.execute({ sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [tokenHash] });
    return { user: null, results: [] };
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', args: [iso(now), tokenHash] });
  }
  return { user: { id: row.id, email: row.email, sessionId: row.session_id }, results };
}

/** The signed-in admin, or a 401 `Authentication required`. */
export async function requireAdmin(request: Request, db?: Client, now = Date.now()): Promise<SessionUser> {
  const user = await currentUser(db ?? (await getDb()), request, now);
  if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  return user;
}

/**
 * The common start of every admin function: the method (405), the origin of unsafe requests (403)
 * and the session (401), in that order. Returns the database and the signed-in admin.
 */
export async function authorizeAdmin(
  request: Request,
  ...methods: string[]
): Promise<{ db: Client; user: SessionUser }> {
  return authorizeAdminReading(request, methods, []);
}

/**
 * `authorizeAdmin` with the call's first reads in the session check's round trip (with a remote
 * database each costs one): their answers, in order, once the session holds.
 */
export async function authorizeAdminReading(
  request: Request,
  methods: string[],
  reads: InStatement[],
): Promise<{ db: Client; user: SessionUser; results: ResultSet[] }> {
  requireMethod(request, ...methods);
  assertSameOrigin(request);
  const db = await getDb();
  const { user, results } = await currentUserReading(db, request, reads, Date.now());
  if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  return { db, user, results };
}

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
  password_hash: z.string(),
  two_factor: z.number().int(),
});

/**
 * Checks the credentials and opens a session with a fresh 256-bit token, or, when two-factor sign-in
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
            sql: `SELECT u.id, u.email, u.password_hash,
                         EXISTS (SELECT 1 FROM admin_two_factor t WHERE t.user_id = u.id AND t.secret IS NOT NULL) AS two_factor
                  FROM admin_users u WHERE u.email = ?`,
            args: [normalized],
          },
        ],
      },
    );
    const row = decodeFirst(accountSchema, account!.rows);
    const matches = await ticket.run(() => verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH));
    if (guarded && !(row && matches && isBuiltInPasswordInProduction(password))) {
      return await guardedLogin(db, { account: row, matches, attemptId, remember }, client, now);
    }
    if (!row || !matches) {
      await db.execute(finishAttempt(attemptId));
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (isBuiltInPasswordInProduction(password)) {
      await db.execute(finishAttempt(attemptId));
      throw new HttpError(
        403,
        'The built-in local password cannot be used in production. Set a new one with npm run admin:password.',
      );
    }
    const user = { id: row.id, email: row.email };
    if (row.two_factor) {
      // The right password gives its attempt back; each code is counted on its own.
      const challenge = newToken();
      await db.batch([releaseAttempt(attemptId), challengeStatement(challenge, user.id, remember, now)], 'write');
      return { kind: 'challenge', challenge, expiresInSeconds: CHALLENGE_TTL_MS / 1000, guarded: false };
    }
    const opened = openSession(user, remember, client, now);
    await db.batch([...signedInFrom(user.id, normalized, client.address, now), ...opened.statements], 'write');
    return { kind: 'session', user, cookie: opened.cookie };
  } finally {
    ticket.release();
  }
}

/** The built-in local password is refused in production (it is public: saying so reveals nothing). */
const isBuiltInPasswordInProduction = (password: string) =>
  getEnv().isProduction && password === DEFAULT_ADMIN_PASSWORD;

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

const challengeSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  remember: z.number().int(),
  guarded: z.number().int(),
  password_ok: z.number().int(),
});

/**
 * The second step of a sign-in: the challenge from the first step plus a 6-digit code or a
 * recovery code. Codes are counted by the same throttle as passwords; a challenge allows
 * CHALLENGE_MAX_CODES wrong codes and then ends. A guarded challenge (see `guardedLogin`) passes
 * only if its password was right too, and never says which of the two was wrong.
 */
export async function completeTwoFactorLogin(
  db: Client,
  { challenge, code }: { challenge: string; code: string },
  client: ClientInfo,
  now = Date.now(),
): Promise<{ user: StaffUser; cookie: string }> {
  const challengeHash = hashToken(challenge);
  const { rows } = await db.execute({
    sql: `SELECT c.user_id, u.email, c.remember, c.guarded, c.password_ok
          FROM login_challenges c JOIN admin_users u ON u.id = c.user_id
          WHERE c.token_hash = ? AND c.expires_at > ? AND c.attempts < ?`,
    args: [challengeHash, iso(now), CHALLENGE_MAX_CODES],
  });
  const pending = decodeFirst(challengeSchema, rows);
  if (!pending) throw new HttpError(401, CHALLENGE_EXPIRED);
  const email = pending.email.toLowerCase();
  const { id: attemptId } = await countAttempt(db, { email, address: client.address, kind: 'code' }, { now });

  const factor = pending.password_ok ? await consumeSecondFactor(db, pending.user_id, code, now) : null;
  if (!factor) {
    // The code the app shows right after it was used (to turn two-factor sign-in on, say) is right,
    // not a guess: it gives its attempt back and says to wait for the next one.
    if (!pending.guarded && (await codeJustUsed(db, pending.user_id, code, now))) {
      await db.execute(releaseAttempt(attemptId));
      throw new HttpError(401, CODE_JUST_USED);
    }
    await db.execute({
      sql: 'UPDATE login_challenges SET attempts = attempts + 1 WHERE token_hash = ?',
      args: [challengeHash],
    });
    throw new HttpError(401, pending.guarded ? PASSWORD_OR_CODE : INVALID_CODE);
  }
  // Of parallel requests each with a valid code (say a TOTP code and a recovery code), one takes the challenge.
  const { rows: taken } = await db.execute({
    sql: 'DELETE FROM login_challenges WHERE token_hash = ? RETURNING user_id',
    args: [challengeHash],
  });
  if (!taken.length) throw new HttpError(401, CHALLENGE_EXPIRED);
  const user = { id: pending.user_id, email: pending.email };
  const opened = openSession(user, pending.remember === 1, client, now);
  await db.batch(
    [
      ...signedInFrom(user.id, email, client.address, now),
      ...opened.statements,
      ...(factor === 'recovery' ? [securityActivity(user, 'recovery_code_used', iso(now))] : []),
    ],
    'write',
  );
  return { user, cookie: opened.cookie };
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
  const { remember, ...user } = await redeemSignInLink(db, hashToken(token), now);
  const opened = openSession(user, remember, client, now);
  await db.batch(
    [...signedInFrom(user.id, user.email.toLowerCase(), client.address, now), ...opened.statements],
    'write',
  );
  return { user, cookie: opened.cookie };
}

/**
 * The statements that open a session, for the sign-in's transaction: expired and idle sessions of
 * the user are swept, and beyond MAX_SESSIONS_PER_USER live ones the oldest end.
 */
function openSession(
  user: StaffUser,
  remember: boolean,
  client: ClientInfo,
  now: number,
): { statements: InStatement[]; cookie: string } {
  const token = newToken();
  const tokenHash = hashToken(token);
  const lifetime = remember ? REMEMBER_TIMEOUT_MS : ABSOLUTE_TIMEOUT_MS;
  return {
    statements: [
      purgeSessions(now),
      {
        sql: 'DELETE FROM sessions WHERE user_id = ? AND (expires_at <= ? OR last_seen_at <= ?)',
        args: [user.id, iso(now), iso(now - IDLE_TIMEOUT_MS)],
      },
      {
        sql: `INSERT INTO sessions (token_hash, id, user_id, created_at, last_seen_at, expires_at, user_agent, address)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          tokenHash,
          randomBytes(16).toString('hex'),
          user.id,
          iso(now),
          iso(now),
          iso(now + lifetime),
          client.userAgent,
          client.address,
        ],
      },
      {
        sql: `DELETE FROM sessions WHERE user_id = ? AND token_hash NOT IN (
                SELECT token_hash FROM sessions WHERE user_id = ?
                ORDER BY token_hash = ? DESC, created_at DESC LIMIT ?)`,
        args: [user.id, user.id, tokenHash, MAX_SESSIONS_PER_USER],
      },
      sessionActivity(user, 'login', iso(now)),
    ],
    // Without "remember me" the cookie ends with the browser session; the server enforces 12 hours regardless.
    cookie: sessionCookie(token, remember ? lifetime / 1000 : undefined),
  };
}

/** Ends the request's session on the server (if any); the caller clears the cookie. */
export async function logout(db: Client, request: Request, now = Date.now()): Promise<void> {
  const token = sessionToken(request);
  if (!token) return;
  const user = await currentUser(db, request, now);
  await db.batch(
    [
      { sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [hashToken(token)] },
      ...(user ? [sessionActivity(user, 'logout', iso(now))] : []),
    ],
    'write',
  );
}

const sessionInfoSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string(),
  address: z.string(),
});

/** The user's live sessions, most recently used first, the request's own marked `current`. */
export async function listSessions(db: Client, user: SessionUser, now = Date.now()): Promise<SessionInfo[]> {
  const { rows } = await db.execute({
    sql: `SELECT id, created_at, last_seen_at, expires_at, user_agent, address FROM sessions
          WHERE user_id = ? AND expires_at > ? AND last_seen_at > ?
          ORDER BY last_seen_at DESC, created_at DESC`,
    args: [user.id, iso(now), iso(now - IDLE_TIMEOUT_MS)],
  });
  return decodeRows(sessionInfoSchema, rows).map(({ user_agent, ...session }) => ({
    ...session,
    browser: browserSummary(user_agent),
    current: session.id === user.sessionId,
  }));
}

/** Ends one of the user's own sessions by its public id; 404 for any other id. Answers whether it was the request's own. */
export async function endSession(
  db: Client,
  user: SessionUser,
  sessionId: string,
  now = Date.now(),
): Promise<{ current: boolean }> {
  const [ended] = await db.batch(
    [
      { sql: 'DELETE FROM sessions WHERE id = ? AND user_id = ? RETURNING id', args: [sessionId, user.id] },
      securityActivity(user, 'session_ended', iso(now), { onlyIfChanged: true }),
    ],
    'write',
  );
  if (!ended!.rows.length) throw new HttpError(404, SESSION_NOT_FOUND);
  return { current: sessionId === user.sessionId };
}

/** Ends every session of the user but the request's own; answers how many ended. */
export async function endOtherSessions(db: Client, user: SessionUser, now = Date.now()): Promise<number> {
  const [ended] = await db.batch(
    [...endOtherSessionsStatements(user), securityActivity(user, 'other_sessions_ended', iso(now))],
    'write',
  );
  return ended!.rowsAffected;
}

/** Ends every session of the user but the given one, and any sign-in waiting for a code (a password change). */
export function endOtherSessionsStatements(user: SessionUser): InStatement[] {
  return [
    { sql: 'DELETE FROM sessions WHERE user_id = ? AND id <> ?', args: [user.id, user.sessionId] },
    { sql: 'DELETE FROM login_challenges WHERE user_id = ?', args: [user.id] },
  ];
}

/** Ends every session of the staff member with this email and forgets their failed sign-ins (a new password). */
export function endSessionsOf(email: string): InStatement[] {
  return [
    { sql: 'DELETE FROM sessions WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)', args: [email] },
    { sql: 'DELETE FROM login_challenges WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)', args: [email] },
    forgetAttempts(email.toLowerCase()),
  ];
}

/** Expired or idle sessions of anyone, a bounded batch (run with each sign-in). */
function purgeSessions(now: number): InStatement {
  return {
    sql: `DELETE FROM sessions WHERE token_hash IN (
            SELECT token_hash FROM sessions WHERE expires_at <= ? UNION
            SELECT token_hash FROM sessions WHERE last_seen_at <= ? LIMIT ?)`,
    args: [iso(now), iso(now - IDLE_TIMEOUT_MS), PURGE_BATCH],
  };
}

/** Challenges past their time, a bounded batch (run with each sign-in attempt). */
function purgeChallenges(now: number): InStatement {
  return {
    sql: `DELETE FROM login_challenges WHERE token_hash IN (
            SELECT token_hash FROM login_challenges WHERE expires_at <= ? LIMIT ?)`,
    args: [iso(now), PURGE_BATCH],
  };
}
