import { describe, expect, it } from 'vitest';
import passwordChange from '../../netlify/functions/account-password-change';
import sessionEnd from '../../netlify/functions/account-session-end';
import sessionsEndOthers from '../../netlify/functions/account-sessions-end-others';
import sessionsList from '../../netlify/functions/account-sessions-list';
import login from '../../netlify/functions/auth-login';
import session from '../../netlify/functions/auth-session';
import { COMMON_PASSWORD } from '../../netlify/lib/account';
import { commonPasswordCount, isCommonPassword } from '../../netlify/lib/common-passwords';
import { hashPassword } from '../../netlify/lib/password';
import { WRONG_CURRENT_PASSWORD } from '../../netlify/lib/password-recheck';
import { MAX_SESSIONS_PER_USER } from '../../netlify/lib/sessions';
import { withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let accounts = 0;
async function account(password = 'the first long password'): Promise<{ email: string; password: string }> {
  const email = `account-${++accounts}@nec-cargo.example`;
  const db = await getDb();
  await db.execute({
    sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
    args: [email, await hashPassword(password)],
  });
  return { email, password };
}

async function signInAs(
  credentials: { email: string; password: string },
  { address = '198.51.100.1', userAgent = FIREFOX } = {},
): Promise<string> {
  const answer = await call(
    login,
    apiRequest('/api/admin/login', {
      json: credentials,
      headers: { 'x-nf-client-connection-ip': address, 'User-Agent': userAgent },
    }),
  );
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

const signedIn = async (cookie: string) =>
  (await call(session, apiRequest('/api/admin/session', { headers: withSession(cookie) }))).status === 200;
const list = async (cookie: string) =>
  (await call(sessionsList, apiRequest('/api/account/sessions', { headers: withSession(cookie) }))).body.data;
const change = (cookie: string, json: unknown) =>
  call(passwordChange, apiRequest('/api/account/password', { json, headers: withSession(cookie) }));
const endOne = (cookie: string, id: string) =>
  call(
    sessionEnd,
    apiRequest(`/api/account/sessions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      json: {},
      headers: withSession(cookie),
    }),
    { sessionId: id },
  );

describe('POST /api/account/password', { timeout: 120_000 }, () => {
  it('ships a list of 10,000+ common passwords, checked in any case', async () => {
    expect(await commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    expect(await isCommonPassword('Password1')).toBe(true);
    expect(await isCommonPassword('QAZWSXEDCRFV')).toBe(true);
    expect(await isCommonPassword('grey heron over the quay')).toBe(false);
  });

  it('refuses, naming the field: short, common, unconfirmed, unchanged, or a wrong current password', async () => {
    const credentials = await account();
    const cookie = await signInAs(credentials);
    const fields = async (json: unknown) => {
      const answer = await change(cookie, json);
      expect(answer.status).toBe(422);
      return answer.body.errors;
    };
    const base = { current_password: credentials.password };
    expect(await fields({})).toMatchObject({
      current_password: ['Current password is required'],
      new_password: ['New password is required'],
      confirm_password: ['Please confirm the new password'],
    });
    expect(await fields({ ...base, new_password: 'short one', confirm_password: 'short one' })).toEqual({
      new_password: ['Must be at least 12 characters'],
    });
    expect(await fields({ ...base, new_password: 'qwerty123456', confirm_password: 'qwerty123456' })).toEqual({
      new_password: [COMMON_PASSWORD],
    });
    expect(
      await fields({ ...base, new_password: 'a brand new password', confirm_password: 'a brand new pasword' }),
    ).toEqual({ confirm_password: ['Does not match the new password'] });
    expect(
      await fields({ ...base, new_password: credentials.password, confirm_password: credentials.password }),
    ).toEqual({
      new_password: ['Must differ from the current password'],
    });
    expect(
      await fields({
        current_password: 'not the password',
        new_password: 'a brand new password',
        confirm_password: 'a brand new password',
      }),
    ).toEqual({ current_password: [WRONG_CURRENT_PASSWORD] });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('a wrong current password is throttled like a sign-in (429 with Retry-After)', async () => {
    const credentials = await account();
    const cookie = await signInAs(credentials, { address: '203.0.113.5' });
    const wrong = {
      current_password: 'guess',
      new_password: 'a brand new password',
      confirm_password: 'a brand new password',
    };
    const db = await getDb();
    // Four failed sign-ins from this address already: one more check is allowed, then none.
    for (let i = 0; i < 4; i++) {
      await db.execute({
        sql: `INSERT INTO login_attempts (email, address, known, finished, attempted_at) VALUES (?, '203.0.113.5', 1, 1, ?)`,
        args: [credentials.email, new Date().toISOString()],
      });
    }
    expect(
      (
        await call(
          passwordChange,
          apiRequest('/api/account/password', {
            json: wrong,
            headers: withSession(cookie, { 'x-nf-client-connection-ip': '203.0.113.5' }),
          }),
        )
      ).status,
    ).toBe(422);
    const throttled = await call(
      passwordChange,
      apiRequest('/api/account/password', {
        json: wrong,
        headers: withSession(cookie, { 'x-nf-client-connection-ip': '203.0.113.5' }),
      }),
    );
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('changes the password and ends every other session of the user, keeping this one', async () => {
    const credentials = await account();
    const others = [await signInAs(credentials), await signInAs(credentials, { userAgent: SAFARI })];
    const someoneElse = await signInAs(await account());
    const cookie = await signInAs(credentials);
    const answer = await change(cookie, {
      current_password: credentials.password,
      new_password: 'grey heron over the quay',
      confirm_password: 'grey heron over the quay',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      message: 'Password updated. Your other sessions have ended.',
      data: { sessions_ended: 2 },
    });
    expect(await signedIn(cookie)).toBe(true);
    for (const other of others) expect(await signedIn(other)).toBe(false);
    expect(await signedIn(someoneElse)).toBe(true);

    const old = await call(login, apiRequest('/api/admin/login', { json: credentials }));
    expect(old.status).toBe(401);
    await signInAs({ email: credentials.email, password: 'grey heron over the quay' });
    const db = await getDb();
    const logged = await db.execute({
      sql: "SELECT count(*) AS n FROM activity_log WHERE action = 'password_changed' AND actor_email = ?",
      args: [credentials.email],
    });
    expect(logged.rows[0]!.n).toBe(1);
  });
});

describe('sessions', { timeout: 120_000 }, () => {
  it('lists the live sessions: created, last seen, browser, address, and which is this one', async () => {
    const credentials = await account();
    await signInAs(credentials, { address: '192.0.2.10', userAgent: SAFARI });
    const cookie = await signInAs(credentials, { address: '192.0.2.20', userAgent: FIREFOX });
    const sessions = await list(cookie);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ browser: 'Firefox 128 on Linux', address: '192.0.2.20' });
    expect(sessions.find((s: { current: boolean }) => !s.current)).toMatchObject({
      browser: 'Safari 17 on iOS',
      address: '192.0.2.10',
    });
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(s.created_at)).toBeLessThanOrEqual(Date.parse(s.last_seen_at));
    }
  });

  it('ends one session by id (404 for an unknown id or another user’s), then all others', async () => {
    const credentials = await account();
    const first = await signInAs(credentials);
    const second = await signInAs(credentials);
    const cookie = await signInAs(credentials);
    const strangerCookie = await signInAs(await account());
    const strangers = await list(strangerCookie);

    const [firstSession] = (await list(first)).filter((s: { current: boolean }) => s.current);
    const ended = await endOne(cookie, firstSession.id);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ current: false });
    expect(ended.headers.get('set-cookie')).toBeNull();
    expect(await signedIn(first)).toBe(false);
    expect((await endOne(cookie, firstSession.id)).status).toBe(404);
    expect((await endOne(cookie, strangers[0].id)).status).toBe(404);
    expect(await signedIn(strangerCookie)).toBe(true);

    const others = await call(
      sessionsEndOthers,
      apiRequest('/api/account/other-sessions', { method: 'DELETE', json: {}, headers: withSession(cookie) }),
    );
    expect(others.status).toBe(200);
    expect(others.body.data).toEqual({ ended: 1 });
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(cookie)).toBe(true);
    expect(await list(cookie)).toHaveLength(1);

    // Ending one's own session is signing out.
    const own = await endOne(cookie, (await list(cookie))[0].id);
    expect(own.body.data).toEqual({ current: true });
    expect(own.headers.get('set-cookie')).toMatch(/^__Host-session=; .*Max-Age=0$/);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('a control character in the session id answers 422 naming it', async () => {
    const cookie = await signInAs(await account());
    const answer = await endOne(cookie, 'abc\u0000def');
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ sessionId: ['Must not contain control characters'] });
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per user: a new sign-in ends the oldest`, async () => {
    const credentials = await account();
    const cookies: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) cookies.push(await signInAs(credentials));
    const alive = await Promise.all(cookies.map(signedIn));
    expect(alive).toEqual([false, false, ...Array(MAX_SESSIONS_PER_USER).fill(true)]);
    expect(await list(cookies.at(-1)!)).toHaveLength(MAX_SESSIONS_PER_USER);
  });
});
