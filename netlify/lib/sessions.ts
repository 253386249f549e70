import { randomBytes } from 'node:crypto';
import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { ROLES, type Role } from '@/lib/roles';
import { type StaffUser, securityActivity, sessionActivity } from './activity';
import { type ClientInfo, HttpError } from './http';
import { forgetAttempts } from './login-throttle';
import { PURGE_BATCH } from './purge';
import { decodeFirst } from './rows';
import type { CallerSql, FirstStatements } from './sql';
import { cookieValue, hashToken, newToken, tokenCookie } from './tokens';

/** Staff sessions: the cookie, the check every staff call starts with, and the one writer of `sessions`. */

const SESSION_COOKIE = '__Host-session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const REMEMBER_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
/** Live sessions a staff member may have; a new sign-in ends the oldest beyond. */
export const MAX_SESSIONS_PER_USER = 10;
// last_seen_at is written at most this often, so reads do not all turn into writes.
const TOUCH_INTERVAL_MS = 60 * 1000;

export const AUTHENTICATION_REQUIRED = 'Authentication required';
const SESSION_NOT_FOUND = 'No such session';

/** The signed-in staff member of a request, with the public id of the session it came with. */
export interface SessionUser extends StaffUser {
  sessionId: string;
  role: Role;
  /** Their role must sign in with a second factor (Team screen) and they have none yet: they may only set it up. */
  needsTwoFactor: boolean;
}

const iso = (time: number) => new Date(time).toISOString();

const ALWAYS = { sql: '1', args: [] };

/** The session token a request carries in its cookie, if any. */
export function sessionToken(request: Request): string | null {
  return cookieValue(request, SESSION_COOKIE) || null;
}

/**
 * The request's session's staff member as SQL, for reads made in the session check's round trip,
 * before the caller is known; they are answered only when the session holds.
 */
export function sessionCallerSql(request: Request, now = Date.now()): CallerSql {
  const tokenHash = hashToken(sessionToken(request) ?? '');
  const args = [tokenHash];
  return {
    source: { sql: "(SELECT 'user:' || user_id FROM sessions WHERE token_hash = ?)", args },
    id: { sql: '(SELECT user_id FROM sessions WHERE token_hash = ?)', args },
    // Only a live session's: a write made with the check (a throttle's count) must not count for an ended one.
    email: {
      sql: `(SELECT u.email FROM sessions s JOIN admin_users u ON u.id = s.user_id AND u.status = 'active'
             WHERE s.token_hash = :session AND s.expires_at > :session_now AND s.last_seen_at > :session_idle)`,
      args: { session: tokenHash, session_now: iso(now), session_idle: iso(now - IDLE_TIMEOUT_MS) },
    },
  };
}

export const CLEAR_SESSION_COOKIE = tokenCookie(SESSION_COOKIE, '', 0);

const sessionRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  session_id: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  needs_two_factor: z.number().int(),
});

/** The signed-in admin of a request, or null: no cookie, an unknown token, or an idle or expired session. */
async function currentUser(db: Client, request: Request, address: string, now: number): Promise<SessionUser | null> {
  return (await currentUserReading(db, request, address, { statements: [], write: false }, now)).user;
}

/**
 * The session check with other reads in the same round trip (one batch): their answers, in order, are
 * handed back only when the session holds.
 */
async function currentUserReading(
  db: Client,
  request: Request,
  address: string,
  reads: FirstStatements,
  now: number,
): Promise<{ user: SessionUser | null; results: ResultSet[] }> {
  const token = sessionToken(request);
  if (!token || token.length > 100) return { user: null, results: [] };
  const tokenHash = hashToken(token);
  const session: InStatement = {
    // A deactivated account's sessions end with the deactivation; its status is checked here all the same.
    sql: `SELECT u.id, u.email, u.role, s.id AS session_id, s.last_seen_at, s.expires_at,
                 coalesce((SELECT value ->> ('$.' || u.role) FROM settings WHERE key = 'two_factor'), 0)
                 AND NOT EXISTS (SELECT 1 FROM admin_two_factor t WHERE t.user_id = u.id AND t.secret IS NOT NULL)
                 AS needs_two_factor
          FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.token_hash = ? AND u.status = 'active'`,
    args: [tokenHash],
  };
  const [found, ...results] = reads.statements.length
    ? await db.batch([session, ...reads.statements], reads.write ? 'write' : 'read')
    : [await db.execute(session)];
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
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
  const user = {
    id: row.id,
    email: row.email,
    role: row.role,
    address,
    sessionId: row.session_id,
    needsTwoFactor: row.needs_two_factor === 1,
  };
  return { user, results };
}

/**
 * The signed-in staff member of a call (401 without one), acting from the request's address, with the
 * answers of the call's first reads, made in the same round trip.
 */
export async function sessionCaller(
  db: Client,
  request: Request,
  address: string,
  reads: FirstStatements,
): Promise<{ user: SessionUser; results: ResultSet[] }> {
  const { user, results } = await currentUserReading(db, request, address, reads, Date.now());
  if (!user) throw new HttpError(401, AUTHENTICATION_REQUIRED);
  return { user, results };
}

/**
 * The statements that open a session, for the sign-in's transaction: expired and idle sessions of
 * the user are swept, and beyond MAX_SESSIONS_PER_USER live ones the oldest end. The session and its
 * entry are written only `when` its condition holds (the second factor still unused, say).
 */
export function openSession(
  user: StaffUser,
  remember: boolean,
  client: ClientInfo,
  now: number,
  when: { sql: string; args: InValue[] } = ALWAYS,
): { statements: InStatement[]; cookie: string; tokenHash: string } {
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
              SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${when.sql}`,
        args: [
          tokenHash,
          randomBytes(16).toString('hex'),
          user.id,
          iso(now),
          iso(now),
          iso(now + lifetime),
          client.userAgent,
          client.address,
          ...when.args,
        ],
      },
      {
        sql: `DELETE FROM sessions WHERE user_id = ? AND token_hash NOT IN (
                SELECT token_hash FROM sessions WHERE user_id = ?
                ORDER BY token_hash = ? DESC, created_at DESC LIMIT ?)`,
        args: [user.id, user.id, tokenHash, MAX_SESSIONS_PER_USER],
      },
      sessionActivity(user, 'login', iso(now), when),
    ],
    // Without "remember me" the cookie ends with the browser session; the server enforces 12 hours regardless.
    cookie: tokenCookie(SESSION_COOKIE, token, remember ? lifetime / 1000 : undefined),
    tokenHash,
  };
}

/** Ends the request's session on the server (if any); the caller clears the cookie. */
export async function logout(db: Client, request: Request, client: ClientInfo, now = Date.now()): Promise<void> {
  const token = sessionToken(request);
  if (!token) return;
  const user = await currentUser(db, request, client.address, now);
  await db.batch(
    [
      { sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [hashToken(token)] },
      ...(user ? [sessionActivity(user, 'logout', iso(now))] : []),
    ],
    'write',
  );
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
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (!ended!.rows.length) throw new HttpError(404, SESSION_NOT_FOUND);
  return { current: sessionId === user.sessionId };
}

/** Ends every session of the user but the request's own; answers how many ended. */
export async function endOtherSessions(db: Client, user: SessionUser, now = Date.now()): Promise<number> {
  const [ended] = await db.batch(
    [...endOtherSessionsStatements(user), securityActivity(user, 'other_sessions_ended', iso(now))],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return ended!.rowsAffected;
}

/** Ends every session of the user but the given one, and any sign-in waiting for a code (a password change). */
export function endOtherSessionsStatements(user: SessionUser): InStatement[] {
  return [
    { sql: 'DELETE FROM sessions WHERE user_id = ? AND id <> ?', args: [user.id, user.sessionId] },
    { sql: 'DELETE FROM login_challenges WHERE user_id = ?', args: [user.id] },
  ];
}

/**
 * Ends every session of the staff member with this email and forgets their failed sign-ins (a new
 * password), `when` a condition holds (by default always).
 */
export function endSessionsOf(email: string, when: { sql: string; args: InValue[] } = ALWAYS): InStatement[] {
  return [
    {
      sql: `DELETE FROM sessions WHERE user_id = (SELECT id FROM admin_users WHERE email = ?) AND ${when.sql}`,
      args: [email, ...when.args],
    },
    {
      sql: `DELETE FROM login_challenges WHERE user_id = (SELECT id FROM admin_users WHERE email = ?) AND ${when.sql}`,
      args: [email, ...when.args],
    },
    forgetAttempts(email.toLowerCase(), when),
  ];
}

/**
 * Ends every session of a staff member and any sign-in waiting for their code, in the batch that
 * deactivates them: only once the account is deactivated (a refused deactivation ends nothing).
 */
export function endSessionsOfDeactivated(userId: number): InStatement[] {
  const deactivated = "(SELECT status FROM admin_users WHERE id = ?) = 'deactivated'";
  return [
    { sql: `DELETE FROM sessions WHERE user_id = ? AND ${deactivated}`, args: [userId, userId] },
    { sql: `DELETE FROM login_challenges WHERE user_id = ? AND ${deactivated}`, args: [userId, userId] },
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
