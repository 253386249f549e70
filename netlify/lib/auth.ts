import { createHash, randomBytes } from 'node:crypto';
import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import type { AdminUser, LoginInput } from '@/lib/schemas/login';
import { sessionActivity } from './activity';
import { getDb } from './db';
import { DEFAULT_ADMIN_PASSWORD, getEnv } from './env';
import { assertSameOrigin, HttpError, requireMethod } from './http';
import { hashPassword, verifyPassword } from './password';
import { decodeFirst } from './rows';

export const SESSION_COOKIE = '__Host-session';
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const REMEMBER_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
// last_seen_at is written at most this often, so reads do not all turn into writes.
const TOUCH_INTERVAL_MS = 60 * 1000;

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const INVALID_CREDENTIALS = 'Invalid credentials';

export interface SessionUser extends AdminUser {
  id: number;
}

const iso = (time: number) => new Date(time).toISOString();

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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
  last_seen_at: z.string(),
  expires_at: z.string(),
});

/** The signed-in admin of a request, or null: no cookie, an unknown token, or an idle or expired session. */
export async function currentUser(db: Client, request: Request, now = Date.now()): Promise<SessionUser | null> {
  const token = sessionToken(request);
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const { rows } = await db.execute({
    sql: `SELECT u.id, u.email, s.last_seen_at, s.expires_at FROM sessions s JOIN admin_users u ON u.id = s.user_id
          WHERE s.token_hash = ?`,
    args: [tokenHash],
  });
  const row = decodeFirst(sessionRowSchema, rows);
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_TIMEOUT_MS <= now) {
    await db.execute({ sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [tokenHash] });
    return null;
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', args: [iso(now), tokenHash] });
  }
  return { id: row.id, email: row.email };
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
  requireMethod(request, ...methods);
  assertSameOrigin(request);
  const db = await getDb();
  return { db, user: await requireAdmin(request, db) };
}

// Unknown emails are checked against this hash too, so both failures take about as long.
let dummyHash: Promise<string> | undefined;

/** Refuses further attempts for an email with 5 failures in the last 15 minutes: 429 with Retry-After. */
async function enforceLoginThrottle(db: Client, email: string, now: number): Promise<void> {
  const { rows } = await db.execute({
    sql: `SELECT count(*) AS failures FROM login_attempts
          WHERE email = ? AND attempted_at > ?`,
    args: [email, iso(now - LOGIN_WINDOW_MS)],
  });
  const failures = decodeFirst(z.object({ failures: z.number().int() }), rows)?.failures ?? 0;
  if (failures < LOGIN_FAILURE_LIMIT) return;
  // The window reopens when the LIMIT-th most recent failure leaves it.
  const { rows: recent } = await db.execute({
    sql: `SELECT attempted_at FROM login_attempts WHERE email = ? AND attempted_at > ?
          ORDER BY attempted_at DESC LIMIT 1 OFFSET ?`,
    args: [email, iso(now - LOGIN_WINDOW_MS), LOGIN_FAILURE_LIMIT - 1],
  });
  const limiting = decodeFirst(z.object({ attempted_at: z.string() }), recent);
  const reopens = (limiting ? Date.parse(limiting.attempted_at) : now) + LOGIN_WINDOW_MS;
  const retryAfter = Math.max(1, Math.ceil((reopens - now) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  throw new HttpError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {
      headers: { 'Retry-After': String(retryAfter) },
    },
  );
}

export interface LoginResult {
  user: AdminUser;
  /** The Set-Cookie header value carrying the new session. */
  cookie: string;
}

/**
 * Checks the credentials (throttled per email), then opens a new session with a fresh 256-bit token.
 * Both a wrong email and a wrong password answer 401 `Invalid credentials`.
 */
export async function login(
  db: Client,
  { email, password, remember }: LoginInput,
  now = Date.now(),
): Promise<LoginResult> {
  const normalized = email.trim().toLowerCase();
  await enforceLoginThrottle(db, normalized, now);

  const { rows } = await db.execute({
    sql: 'SELECT id, email, password_hash FROM admin_users WHERE email = ?',
    args: [normalized],
  });
  const row = decodeFirst(z.object({ id: z.number().int(), email: z.string(), password_hash: z.string() }), rows);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const matches = row
    ? await verifyPassword(password, row.password_hash)
    : await verifyPassword(password, await dummyHash).then(() => false);
  if (!row || !matches) {
    await db.execute({
      sql: 'INSERT INTO login_attempts (email, attempted_at) VALUES (?, ?)',
      args: [normalized, iso(now)],
    });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (getEnv().isProduction && password === DEFAULT_ADMIN_PASSWORD) {
    throw new HttpError(
      403,
      'The built-in local password cannot be used in production. Set a new one with npm run admin:password.',
    );
  }

  const token = randomBytes(32).toString('base64url');
  const lifetime = remember ? REMEMBER_TIMEOUT_MS : ABSOLUTE_TIMEOUT_MS;
  const user = { id: row.id, email: row.email };
  await db.batch(
    [
      { sql: 'DELETE FROM login_attempts WHERE email = ?', args: [normalized] },
      // Expired sessions of this user are swept at each sign-in.
      {
        sql: 'DELETE FROM sessions WHERE user_id = ? AND (expires_at <= ? OR last_seen_at <= ?)',
        args: [user.id, iso(now), iso(now - IDLE_TIMEOUT_MS)],
      },
      {
        sql: 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        args: [hashToken(token), user.id, iso(now), iso(now), iso(now + lifetime)],
      },
      sessionActivity(user, 'login', iso(now)),
    ],
    'write',
  );
  // Without "remember me" the cookie ends with the browser session; the server enforces 12 hours regardless.
  return { user: { email: user.email }, cookie: sessionCookie(token, remember ? lifetime / 1000 : undefined) };
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

/** Ends every session of the staff member with this email and forgets their failed sign-ins (a new password). */
export function endSessionsOf(email: string): InStatement[] {
  return [
    { sql: 'DELETE FROM sessions WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)', args: [email] },
    { sql: 'DELETE FROM login_attempts WHERE email = ?', args: [email] },
  ];
}
