import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import disable from '../../netlify/functions/account-two-factor-disable';
import enable from '../../netlify/functions/account-two-factor-enable';
import setup from '../../netlify/functions/account-two-factor-setup';
import status from '../../netlify/functions/account-two-factor-status';
import login from '../../netlify/functions/auth-login';
import loginTwoFactor from '../../netlify/functions/auth-login-two-factor';
import session from '../../netlify/functions/auth-session';
import { CHALLENGE_EXPIRED, CODE_JUST_USED, INVALID_CODE } from '../../netlify/lib/auth';
import { LOGIN_LIMITS } from '../../netlify/lib/login-throttle';
import { WRONG_CURRENT_PASSWORD } from '../../netlify/lib/password-recheck';
import { hashToken } from '../../netlify/lib/tokens';
import { TOTP_CODE_REQUIRED } from '../../src/lib/schemas/account';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

// The clock is fixed (Date only; timers stay real) so each test knows which 30-second step a code is for.
const STEP = 30_000;
const start = Math.floor(Date.now() / STEP) * STEP + 5_000;
let now = start;
const at = (time: number) => {
  now = time;
  vi.setSystemTime(time);
};
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(start);
});
afterAll(() => {
  vi.useRealTimers();
});
// Each test starts with an empty throttle, so the attempts of one never refuse another's.
beforeEach(async () => {
  await (await getDb()).execute('DELETE FROM login_attempts');
});

let secret = '';
/** The code an authenticator app shows `steps` steps from now. */
const code = (steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: now + steps * STEP,
  });
const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

let cookie = '';
const post = (handler: Parameters<typeof call>[0], path: string, json: unknown, address = '198.51.100.1') =>
  call(handler, apiRequest(path, { json, headers: withSession(cookie, { 'x-nf-client-connection-ip': address }) }));
const getStatus = async () =>
  (await call(status, apiRequest('/api/account/two-factor', { headers: withSession(cookie) }))).body.data;

const firstStep = (address: string) =>
  call(
    login,
    apiRequest('/api/admin/login', {
      json: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      headers: { 'x-nf-client-connection-ip': address },
    }),
  );
const secondStep = (challenge: string, typed: string, address: string) =>
  call(
    loginTwoFactor,
    apiRequest('/api/admin/login/two-factor', {
      json: { challenge, code: typed },
      headers: { 'x-nf-client-connection-ip': address },
    }),
  );
async function challengeFrom(address: string): Promise<string> {
  const first = await firstStep(address);
  expect(first.status).toBe(200);
  return first.body.challenge;
}

let recoveryCodes: string[] = [];

describe('two-factor sign-in', { timeout: 120_000 }, () => {
  it('setup answers a secret, its otpauth URI and a QR code; nothing is on until a code confirms it', async () => {
    cookie = await signIn();
    expect(await getStatus()).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
    const answer = await post(setup, '/api/account/two-factor/setup', {});
    expect(answer.status).toBe(200);
    secret = answer.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(answer.body.data.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/NEC Cargo:${TEST_ADMIN.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('NEC Cargo');
    const qr = answer.body.data.qr_code as string;
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await getStatus()).toMatchObject({ enabled: false });
    // Signing in still needs no code.
    expect((await firstStep('198.51.100.9')).body.status).toBe('success');
  });

  it('enable refuses a wrong code (422 on the field), then turns on with a right one and answers 10 recovery codes, stored hashed', async () => {
    // Only a 6-digit code from the app turns it on (as typed: spaces are fine); never a recovery-style code.
    for (const typed of ['ABCDE-FGHJK', '12345', '']) {
      const malformed = await post(enable, '/api/account/two-factor/enable', { code: typed });
      expect(malformed.status).toBe(422);
      expect(malformed.body.errors).toEqual({ code: [TOTP_CODE_REQUIRED] });
    }
    const refused = await post(enable, '/api/account/two-factor/enable', { code: wrong(code()) });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['code']);

    const enabled = await post(enable, '/api/account/two-factor/enable', { code: code() });
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const db = await getDb();
    const stored = (await db.execute('SELECT code_hash FROM admin_recovery_codes')).rows.map((row) =>
      String(row.code_hash),
    );
    expect(stored).toHaveLength(10);
    for (const recovery of recoveryCodes) {
      expect(stored.some((hash) => hash.includes(recovery.replace('-', '')))).toBe(false);
    }
    expect(await getStatus()).toEqual({
      enabled: true,
      enabled_at: new Date(now).toISOString(),
      recovery_codes_remaining: 10,
    });
    expect((await post(setup, '/api/account/two-factor/setup', {})).status).toBe(409);
  });

  it('sign-in then answers a challenge, not a session; the code of the step just used is refused (no replay)', async () => {
    const db = await getDb();
    const sessionsBefore = (await db.execute('SELECT count(*) AS n FROM sessions')).rows[0]!.n;
    const first = await firstStep('198.51.100.2');
    expect(first.body).toEqual({
      status: 'two_factor_required',
      challenge: expect.any(String),
      expires_in: 300,
      guarded: false,
    });
    expect(first.headers.get('set-cookie')).toBeNull();
    expect((await db.execute('SELECT count(*) AS n FROM sessions')).rows[0]!.n).toBe(sessionsBefore);
    // The challenge is not a session.
    const asCookie = `__Host-session=${first.body.challenge}`;
    expect((await call(session, apiRequest('/api/admin/session', { headers: withSession(asCookie) }))).status).toBe(
      401,
    );

    // Enabling used this step's code: refused, saying to wait for the next one.
    const replayed = await secondStep(first.body.challenge, code(), '198.51.100.2');
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(CODE_JUST_USED);
  });

  it('the next code signs in (the cookie works); two parallel uses of one code let exactly one in', async () => {
    at(now + STEP);
    const challenge = await challengeFrom('198.51.100.3');
    const signedIn = await secondStep(challenge, code(), '198.51.100.3');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ status: 'success', user: { email: TEST_ADMIN.email } });
    const sessionCookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect(
      (await call(session, apiRequest('/api/admin/session', { headers: withSession(sessionCookie) }))).status,
    ).toBe(200);

    at(now + STEP);
    const [a, b] = [await challengeFrom('198.51.100.4'), await challengeFrom('198.51.100.5')];
    const typed = code();
    const answers = await Promise.all([secondStep(a, typed, '198.51.100.4'), secondStep(b, typed, '198.51.100.5')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once, typed in any case and without the dash', async () => {
    const challenge = await challengeFrom('198.51.100.6');
    expect((await secondStep(challenge, recoveryCodes[0]!, '198.51.100.6')).status).toBe(200);
    const reused = await challengeFrom('198.51.100.6');
    const again = await secondStep(reused, recoveryCodes[0]!, '198.51.100.6');
    expect(again.status).toBe(401);
    // A used recovery code is a wrong code: it says so and counts toward the challenge's wrong codes.
    expect(again.body.message).toBe(INVALID_CODE);
    const db = await getDb();
    const { rows } = await db.execute({
      sql: 'SELECT attempts FROM login_challenges WHERE token_hash = ?',
      args: [hashToken(reused)],
    });
    expect(rows[0]?.attempts).toBe(1);
    const typedLoosely = recoveryCodes[1]!.replace('-', ' ').toLowerCase();
    expect((await secondStep(await challengeFrom('198.51.100.6'), typedLoosely, '198.51.100.6')).status).toBe(200);
    expect((await getStatus()).recovery_codes_remaining).toBe(8);
    const logged = await db.execute("SELECT count(*) AS n FROM activity_log WHERE action = 'recovery_code_used'");
    expect(logged.rows[0]!.n).toBe(2);
  });

  it('a challenge ends after 5 wrong codes, and after 5 minutes', async () => {
    at(now + STEP);
    const challenge = await challengeFrom('198.51.100.7');
    const addresses = ['198.51.100.70', '198.51.100.71', '198.51.100.72', '198.51.100.73', '198.51.100.74'];
    for (const address of addresses) {
      expect((await secondStep(challenge, wrong(code()), address)).body.message).toBe(INVALID_CODE);
    }
    const ended = await secondStep(challenge, code(), '198.51.100.75');
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(CHALLENGE_EXPIRED);

    const late = await challengeFrom('198.51.100.8');
    at(now + 5 * 60 * 1000);
    const expired = await secondStep(late, code(), '198.51.100.8');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(CHALLENGE_EXPIRED);
  });

  it('codes are throttled like passwords: from one address, the 6th wrong code in 15 minutes answers 429 with Retry-After', async () => {
    at(now + STEP);
    const address = '203.0.113.20';
    // The challenges come from another address, so only codes count against this one.
    const challenge = await challengeFrom('203.0.113.30');
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      expect((await secondStep(challenge, wrong(code()), address)).status).toBe(401);
    }
    const throttled = await secondStep(await challengeFrom('203.0.113.30'), code(), address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('disable needs the password and a code (422 naming each), then sign-in asks for no code', async () => {
    at(now + STEP);
    const wrongPassword = await post(disable, '/api/account/two-factor/disable', { password: 'not it', code: code() });
    expect(wrongPassword.status).toBe(422);
    // The same words as a wrong current password when changing it, on the field this form sent it in.
    expect(wrongPassword.body.errors).toEqual({ password: [WRONG_CURRENT_PASSWORD] });
    const wrongCode = await post(disable, '/api/account/two-factor/disable', {
      password: TEST_ADMIN.password,
      code: wrong(code()),
    });
    expect(wrongCode.status).toBe(422);
    expect(Object.keys(wrongCode.body.errors)).toEqual(['code']);
    const missing = await post(disable, '/api/account/two-factor/disable', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code', 'password']);

    const off = await post(disable, '/api/account/two-factor/disable', { password: TEST_ADMIN.password, code: code() });
    expect(off.status).toBe(200);
    expect(await getStatus()).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
    const db = await getDb();
    expect((await db.execute('SELECT count(*) AS n FROM admin_recovery_codes')).rows[0]!.n).toBe(0);
    expect((await firstStep('198.51.100.9')).body.status).toBe('success');
    expect(
      (await post(disable, '/api/account/two-factor/disable', { password: TEST_ADMIN.password, code: code() })).status,
    ).toBe(409);
  });

  it('enable needs a setup in progress that is at most 30 minutes old', async () => {
    expect((await post(enable, '/api/account/two-factor/enable', { code: '123456' })).status).toBe(409);
    const started = await post(setup, '/api/account/two-factor/setup', {});
    secret = started.body.data.secret;
    await (await getDb()).execute({
      sql: 'UPDATE admin_two_factor SET pending_created_at = ?',
      args: [new Date(now - 31 * 60 * 1000).toISOString()],
    });
    const stale = await post(enable, '/api/account/two-factor/enable', { code: code() });
    expect(stale.status).toBe(409);
  });
});
