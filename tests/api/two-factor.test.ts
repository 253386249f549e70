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
import { joinTeam } from '../helpers/team';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

// The clock is fixed (Date only; timers stay real) so each test knows which 30-second step a code is for.
// Every test starts at the same moment; a test that moves the clock on leaves nothing for another to depend on.
const STEP = 30_000;
const start = Math.floor(Date.now() / STEP) * STEP + 5_000;
let now = start;
const at = (time: number) => {
  now = time;
  vi.setSystemTime(time);
};
let adminCookie: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(start);
  // The seeded admin only invites the staff the tests take through two-factor; it never turns it on itself.
  adminCookie = await signIn();
});
beforeEach(() => {
  at(start);
});
afterAll(() => {
  vi.useRealTimers();
});

// Sign-ins are throttled per address and per account: every test signs in with accounts and from addresses of its own.
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

interface Staff {
  email: string;
  password: string;
  id: number;
  /** The session of the member's own sign-in. */
  cookie: string;
  /** Where the member's account calls (setup, enable, disable) come from. */
  address: string;
}

let joined = 0;
/** A staff member of the calling test's own, signed in, without two-factor. */
async function newStaff(): Promise<Staff> {
  const db = await getDb();
  const email = `two-factor-${++joined}@nec-cargo.example`;
  const password = 'a second factor guards this account';
  await joinTeam(db, adminCookie, email, 'dispatcher', password);
  const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [email] });
  return { email, password, id: Number(rows[0]!.id), cookie: await signIn({ email, password }), address: newAddress() };
}

/** The code an authenticator app with `secret` shows `steps` steps from now. */
const code = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: now + steps * STEP,
  });
const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

const post = (staff: Staff, handler: Parameters<typeof call>[0], path: string, json: unknown) =>
  call(
    handler,
    apiRequest(path, { json, headers: withSession(staff.cookie, { 'x-nf-client-connection-ip': staff.address }) }),
  );
const getStatus = async (staff: Staff) =>
  (await call(status, apiRequest('/api/account/two-factor', { headers: withSession(staff.cookie) }))).body.data;

/**
 * A staff member of the calling test's own with two-factor on: setup, then enable with the code of this step
 * (so this step's code is used). Answers the secret and the recovery codes too.
 */
async function enrolled() {
  const staff = await newStaff();
  const started = await post(staff, setup, '/api/account/two-factor/setup', {});
  expect(started.status).toBe(200);
  const secret: string = started.body.data.secret;
  const enabled = await post(staff, enable, '/api/account/two-factor/enable', { code: code(secret) });
  expect(enabled.status).toBe(200);
  return { ...staff, secret, recoveryCodes: enabled.body.data.recovery_codes as string[] };
}

const firstStep = (staff: Staff, address: string) =>
  call(
    login,
    apiRequest('/api/admin/login', {
      json: { email: staff.email, password: staff.password },
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
async function challengeFrom(staff: Staff, address: string): Promise<string> {
  const first = await firstStep(staff, address);
  expect(first.status).toBe(200);
  return first.body.challenge;
}

describe('two-factor sign-in', { timeout: 120_000 }, () => {
  it('setup answers a secret, its otpauth URI and a QR code; nothing is on until a code confirms it', async () => {
    const staff = await newStaff();
    expect(await getStatus(staff)).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
    const answer = await post(staff, setup, '/api/account/two-factor/setup', {});
    expect(answer.status).toBe(200);
    const secret = answer.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(answer.body.data.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/NEC Cargo:${staff.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('NEC Cargo');
    const qr = answer.body.data.qr_code as string;
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await getStatus(staff)).toMatchObject({ enabled: false });
    // Signing in still needs no code.
    expect((await firstStep(staff, newAddress())).body.status).toBe('success');
  });

  it('enable refuses a wrong code (422 on the field), then turns on with a right one and answers 10 recovery codes, stored hashed', async () => {
    const staff = await newStaff();
    const secret = (await post(staff, setup, '/api/account/two-factor/setup', {})).body.data.secret;
    // Only a 6-digit code from the app turns it on (as typed: spaces are fine); never a recovery-style code.
    for (const typed of ['ABCDE-FGHJK', '12345', '']) {
      const malformed = await post(staff, enable, '/api/account/two-factor/enable', { code: typed });
      expect(malformed.status).toBe(422);
      expect(malformed.body.errors).toEqual({ code: [TOTP_CODE_REQUIRED] });
    }
    const refused = await post(staff, enable, '/api/account/two-factor/enable', { code: wrong(code(secret)) });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['code']);
    expect(await getStatus(staff)).toMatchObject({ enabled: false });

    const enabled = await post(staff, enable, '/api/account/two-factor/enable', { code: code(secret) });
    expect(enabled.status).toBe(200);
    const recoveryCodes: string[] = enabled.body.data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const db = await getDb();
    const stored = (
      await db.execute({ sql: 'SELECT code_hash FROM admin_recovery_codes WHERE user_id = ?', args: [staff.id] })
    ).rows.map((row) => String(row.code_hash));
    expect(stored).toHaveLength(10);
    for (const recovery of recoveryCodes) {
      expect(stored.some((hash) => hash.includes(recovery.replace('-', '')))).toBe(false);
    }
    expect(await getStatus(staff)).toEqual({
      enabled: true,
      enabled_at: new Date(now).toISOString(),
      recovery_codes_remaining: 10,
    });
    expect((await post(staff, setup, '/api/account/two-factor/setup', {})).status).toBe(409);
  });

  it('sign-in then answers a challenge, not a session; the code of the step just used is refused (no replay)', async () => {
    const staff = await enrolled();
    const db = await getDb();
    const countSessions = async () =>
      (await db.execute({ sql: 'SELECT count(*) AS n FROM sessions WHERE user_id = ?', args: [staff.id] })).rows[0]!.n;
    const sessionsBefore = await countSessions();
    const address = newAddress();
    const first = await firstStep(staff, address);
    expect(first.body).toEqual({
      status: 'two_factor_required',
      challenge: expect.any(String),
      expires_in: 300,
      guarded: false,
    });
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(await countSessions()).toBe(sessionsBefore);
    // The challenge is not a session.
    const asCookie = `__Host-session=${first.body.challenge}`;
    expect((await call(session, apiRequest('/api/admin/session', { headers: withSession(asCookie) }))).status).toBe(
      401,
    );

    // Enabling used this step's code: refused, saying to wait for the next one.
    const replayed = await secondStep(first.body.challenge, code(staff.secret), address);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(CODE_JUST_USED);
  });

  it('the next code signs in (the cookie works); two parallel uses of one code let exactly one in', async () => {
    const staff = await enrolled();
    at(now + STEP);
    const address = newAddress();
    const challenge = await challengeFrom(staff, address);
    const signedIn = await secondStep(challenge, code(staff.secret), address);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ status: 'success', user: { email: staff.email } });
    const sessionCookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect(
      (await call(session, apiRequest('/api/admin/session', { headers: withSession(sessionCookie) }))).status,
    ).toBe(200);

    at(now + STEP);
    const [addressA, addressB] = [newAddress(), newAddress()];
    const [a, b] = [await challengeFrom(staff, addressA), await challengeFrom(staff, addressB)];
    const typed = code(staff.secret);
    const answers = await Promise.all([secondStep(a, typed, addressA), secondStep(b, typed, addressB)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once, typed in any case and without the dash', async () => {
    const staff = await enrolled();
    const { recoveryCodes } = staff;
    const address = newAddress();
    const challenge = await challengeFrom(staff, address);
    expect((await secondStep(challenge, recoveryCodes[0]!, address)).status).toBe(200);
    const reused = await challengeFrom(staff, address);
    const again = await secondStep(reused, recoveryCodes[0]!, address);
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
    expect((await secondStep(await challengeFrom(staff, address), typedLoosely, address)).status).toBe(200);
    expect((await getStatus(staff)).recovery_codes_remaining).toBe(8);
    const logged = await db.execute({
      sql: "SELECT count(*) AS n FROM activity_log WHERE action = 'recovery_code_used' AND user_id = ?",
      args: [staff.id],
    });
    expect(logged.rows[0]!.n).toBe(2);
  });

  it('a challenge ends after 5 wrong codes, and after 5 minutes', async () => {
    const staff = await enrolled();
    // A step whose code is unused, so only the wrong codes before it can refuse the right one.
    at(now + STEP);
    const challenge = await challengeFrom(staff, newAddress());
    // Each wrong code from another address, so no address reaches its own limit.
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(challenge, wrong(code(staff.secret)), newAddress())).body.message).toBe(INVALID_CODE);
    }
    const ended = await secondStep(challenge, code(staff.secret), newAddress());
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe(CHALLENGE_EXPIRED);

    const address = newAddress();
    const late = await challengeFrom(staff, address);
    at(now + 5 * 60 * 1000);
    const expired = await secondStep(late, code(staff.secret), address);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(CHALLENGE_EXPIRED);
  });

  it('codes are throttled like passwords: from one address, the 6th wrong code in 15 minutes answers 429 with Retry-After', async () => {
    const staff = await enrolled();
    at(now + STEP);
    const address = newAddress();
    // The challenges come from another address, so only codes count against this one.
    const challengeAddress = newAddress();
    const challenge = await challengeFrom(staff, challengeAddress);
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      expect((await secondStep(challenge, wrong(code(staff.secret)), address)).status).toBe(401);
    }
    const throttled = await secondStep(await challengeFrom(staff, challengeAddress), code(staff.secret), address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('disable needs the password and a code (422 naming each), then sign-in asks for no code', async () => {
    const staff = await enrolled();
    at(now + STEP);
    const turnOff = (json: unknown) => post(staff, disable, '/api/account/two-factor/disable', json);
    const wrongPassword = await turnOff({ password: 'not it', code: code(staff.secret) });
    expect(wrongPassword.status).toBe(422);
    // The same words as a wrong current password when changing it, on the field this form sent it in.
    expect(wrongPassword.body.errors).toEqual({ password: [WRONG_CURRENT_PASSWORD] });
    const wrongCode = await turnOff({ password: staff.password, code: wrong(code(staff.secret)) });
    expect(wrongCode.status).toBe(422);
    expect(Object.keys(wrongCode.body.errors)).toEqual(['code']);
    const missing = await turnOff({});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code', 'password']);
    expect(await getStatus(staff)).toMatchObject({ enabled: true });

    const off = await turnOff({ password: staff.password, code: code(staff.secret) });
    expect(off.status).toBe(200);
    expect(await getStatus(staff)).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
    const db = await getDb();
    const codesLeft = await db.execute({
      sql: 'SELECT count(*) AS n FROM admin_recovery_codes WHERE user_id = ?',
      args: [staff.id],
    });
    expect(codesLeft.rows[0]!.n).toBe(0);
    expect((await firstStep(staff, newAddress())).body.status).toBe('success');
    expect((await turnOff({ password: staff.password, code: code(staff.secret) })).status).toBe(409);
  });

  it('enable needs a setup in progress that is at most 30 minutes old', async () => {
    const staff = await newStaff();
    expect((await post(staff, enable, '/api/account/two-factor/enable', { code: '123456' })).status).toBe(409);
    const started = await post(staff, setup, '/api/account/two-factor/setup', {});
    const secret = started.body.data.secret;
    await (await getDb()).execute({
      sql: 'UPDATE admin_two_factor SET pending_created_at = ? WHERE user_id = ?',
      args: [new Date(now - 31 * 60 * 1000).toISOString(), staff.id],
    });
    const stale = await post(staff, enable, '/api/account/two-factor/enable', { code: code(secret) });
    expect(stale.status).toBe(409);
  });
});
