import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import login from '../../netlify/functions/auth-login';
import logout from '../../netlify/functions/auth-logout';
import session from '../../netlify/functions/auth-session';
import { DEFAULT_ADMIN_PASSWORD } from '../../netlify/lib/env';
import { hashPassword } from '../../netlify/lib/password';
import { sessionToken } from '../../netlify/lib/sessions';
import { hashToken } from '../../netlify/lib/tokens';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

const attempt = (json: unknown) => call(login, apiRequest('/api/admin/login', { json }));
const whoAmI = (cookie?: string) =>
  call(session, apiRequest('/api/admin/session', cookie ? { headers: withSession(cookie) } : {}));

describe('POST /api/admin/login', () => {
  it('answers the user and sets a __Host- session cookie whose hash alone is stored', async () => {
    const { status, body, headers } = await attempt({ ...TEST_ADMIN, remember: false });
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'success', user: { email: TEST_ADMIN.email } });
    const cookie = headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(headers.get('cache-control')).toBe('no-store');
    const token = sessionToken(new Request('http://x/', { headers: { cookie: cookie.split(';')[0]! } }))!;
    const db = await getDb();
    const stored = await db.execute({ sql: 'SELECT * FROM sessions WHERE token_hash = ?', args: [hashToken(token)] });
    expect(stored.rows).toHaveLength(1);
    const row = stored.rows[0]!;
    const lifetime = Date.parse(String(row.expires_at)) - Date.parse(String(row.created_at));
    expect(lifetime).toBe(12 * 60 * 60 * 1000);
    expect(
      (await db.execute({ sql: 'SELECT count(*) AS n FROM sessions WHERE token_hash = ?', args: [token] })).rows[0]!.n,
    ).toBe(0);
    const logged = await db.execute(
      "SELECT actor_email, details FROM activity_log WHERE action = 'login' ORDER BY id DESC LIMIT 1",
    );
    expect(logged.rows[0]).toMatchObject({ actor_email: TEST_ADMIN.email, details: null });
  });

  it('remember me extends the session and the cookie to 14 days; every login gets a new token', async () => {
    const first = await attempt({ ...TEST_ADMIN, remember: true });
    const second = await attempt({ ...TEST_ADMIN, remember: true });
    expect(first.headers.get('set-cookie')).toMatch(/; Max-Age=1209600$/);
    expect(first.headers.get('set-cookie')).not.toBe(second.headers.get('set-cookie'));
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrongPassword = await attempt({ email: TEST_ADMIN.email, password: 'not the password at all' });
    const unknownEmail = await attempt({ email: 'nobody@nec-cargo.example', password: TEST_ADMIN.password });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ status: 'error', message: 'Invalid credentials' });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it('accepts the email in any case', async () => {
    const { status } = await attempt({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
    expect(status).toBe(200);
  });

  it('answers 422 naming the missing fields, 400 for malformed JSON, 415 without JSON, 405 with Allow', async () => {
    const missing = await attempt({ email: '' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password']);
    const malformed = await call(
      login,
      apiRequest('/api/admin/login', {
        method: 'POST',
        body: '{"email":',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(malformed.status).toBe(400);
    const form = await call(
      login,
      apiRequest('/api/admin/login', {
        method: 'POST',
        body: 'email=a',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(form.status).toBe(415);
    const get = await call(login, apiRequest('/api/admin/login'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a cross-site login with 403', async () => {
    for (const [header, value] of [
      ['Sec-Fetch-Site', 'cross-site'],
      ['Origin', 'https://evil.example'],
    ] as const) {
      const request = apiRequest('/api/admin/login', { json: TEST_ADMIN });
      request.headers.set(header, value);
      const refused = await call(login, request);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 'error', message: 'Cross-site requests are not allowed' });
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('login throttling', () => {
  const password = 'a-long-enough-password';

  /** An account of the test's own, so neither test depends on the other's attempts. */
  async function account(email: string) {
    const db = await getDb();
    await db.execute({
      sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
      args: [email, await hashPassword(password)],
    });
    return db;
  }

  // Seven password checks (scrypt each) take over 20 s on a busy two-core machine with a remote database.
  it('answers 429 with Retry-After after 5 failures in 15 minutes, and lets the account in once the window passes', {
    timeout: 60_000,
  }, async () => {
    const email = 'throttled@nec-cargo.example';
    const db = await account(email);
    for (let i = 0; i < 5; i++) expect((await attempt({ email, password: 'wrong password' })).status).toBe(401);
    const blocked = await attempt({ email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.status).toBe('error');
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Move the failures 16 minutes into the past: the window has passed.
    await db.execute({
      sql: "UPDATE login_attempts SET attempted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-16 minutes') WHERE email = ?",
      args: [email],
    });
    expect((await attempt({ email, password })).status).toBe(200);
  });

  it('a success clears the failures', { timeout: 60_000 }, async () => {
    const email = 'cleared@nec-cargo.example';
    const db = await account(email);
    for (let i = 0; i < 4; i++) await attempt({ email, password: 'wrong password' });
    expect((await attempt({ email, password })).status).toBe(200);
    const left = await db.execute({ sql: 'SELECT count(*) AS n FROM login_attempts WHERE email = ?', args: [email] });
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('sessions', () => {
  it('GET /api/admin/session answers the user with a valid cookie, 401 without', async () => {
    const cookie = await signIn();
    expect(await whoAmI(cookie)).toMatchObject({ status: 200, body: { user: { email: TEST_ADMIN.email } } });
    expect(await whoAmI()).toMatchObject({
      status: 401,
      body: { status: 'error', message: 'Authentication required' },
    });
  });

  it('times out after 30 idle minutes and after the absolute limit', async () => {
    const db = await getDb();
    const idle = await signIn();
    await db.execute({
      sql: "UPDATE sessions SET last_seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 minutes') WHERE token_hash = ?",
      args: [hashToken(idle.split('=')[1]!)],
    });
    expect((await whoAmI(idle)).status).toBe(401);

    const old = await signIn();
    await db.execute({
      sql: "UPDATE sessions SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 seconds') WHERE token_hash = ?",
      args: [hashToken(old.split('=')[1]!)],
    });
    expect((await whoAmI(old)).status).toBe(401);
  });

  it('logout deletes the session server-side and clears the cookie', async () => {
    const cookie = await signIn();
    const out = await call(logout, apiRequest('/api/admin/logout', { json: {}, headers: withSession(cookie) }));
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'success' });
    expect(out.headers.get('set-cookie')).toBe('__Host-session=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0');
    expect((await whoAmI(cookie)).status).toBe(401);
    const db = await getDb();
    expect(
      (
        await db.execute({
          sql: 'SELECT count(*) AS n FROM sessions WHERE token_hash = ?',
          args: [hashToken(cookie.split('=')[1]!)],
        })
      ).rows[0]!.n,
    ).toBe(0);
    const logged = await db.execute('SELECT action FROM activity_log ORDER BY id DESC LIMIT 1');
    expect(logged.rows[0]!.action).toBe('logout');
  });
});

describe('production and deployed sites', () => {
  const KEYS = ['NODE_ENV', 'SITE_ID', 'CONTEXT', 'NETLIFY_LOCAL'] as const;

  it.each([
    { where: 'NODE_ENV=production', env: { NODE_ENV: 'production' } },
    { where: 'a deployed function, told only its site', env: { SITE_ID: '1d01c0c0-4554-4747-93b8-34ce3448ab95' } },
    { where: 'a deploy preview', env: { CONTEXT: 'deploy-preview' } },
  ])('refuses a login with the built-in local default password: $where', async ({ env }) => {
    const db = await getDb();
    const email = `default-${randomUUID()}@nec-cargo.example`;
    await db.execute({
      sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
      args: [email, await hashPassword(DEFAULT_ADMIN_PASSWORD)],
    });
    const previous = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
    for (const key of KEYS) delete process.env[key];
    Object.assign(process.env, env);
    try {
      const refused = await attempt({ email, password: DEFAULT_ADMIN_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/cannot be used on a live site/);
      expect(refused.headers.get('set-cookie')).toBeNull();
    } finally {
      for (const key of KEYS) {
        if (previous[key] === undefined) delete process.env[key];
        else process.env[key] = previous[key];
      }
    }
  });
});
