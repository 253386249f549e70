import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import changePassword from '../../netlify/functions/account-password-change';
import disable from '../../netlify/functions/account-two-factor-disable';
import enable from '../../netlify/functions/account-two-factor-enable';
import setup from '../../netlify/functions/account-two-factor-setup';
import login from '../../netlify/functions/auth-login';
import loginTwoFactor from '../../netlify/functions/auth-login-two-factor';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The sign-in throttle's calls check a password or code between two round trips: the count with the
// session (or challenge) first, then one write transaction whose every statement waits on what was
// checked. The same request many times at once, or a caller whose session has ended, must change
// nothing it should not.

const getDb = useTestDatabase({ seed: true });

const PASSWORD = 'races-correct-horse-7';
let accounts = 0;

/** A staff account of its own, signed in from an address of its own. */
async function account() {
  accounts += 1;
  const email = `races-${accounts}-${Date.now()}@example.com`;
  const address = `203.0.113.${accounts}`;
  const db = await getDb();
  await setAdminPassword(db, email, PASSWORD, 'admin');
  const cookie = await signIn({ email, password: PASSWORD });
  const post = (handler: Parameters<typeof call>[0], path: string, json: unknown, from = address) =>
    call(handler, apiRequest(path, { json, headers: withSession(cookie, { 'x-nf-client-connection-ip': from }) }));
  return { email, address, cookie, post };
}

const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

async function count(sql: string, args: (string | number)[] = []): Promise<number> {
  const { rows } = await (await getDb()).execute({ sql: `SELECT count(*) AS n FROM ${sql}`, args });
  return Number(rows[0]?.n);
}

/** The last TOTP step the account used. */
async function lastStep(email: string): Promise<number> {
  const { rows } = await (await getDb()).execute({
    sql: 'SELECT last_step FROM admin_two_factor WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)',
    args: [email],
  });
  return Number(rows[0]?.last_step);
}

/** Two-factor turned on for the account; its secret and recovery codes. */
async function withTwoFactor(staff: Awaited<ReturnType<typeof account>>) {
  const started = await staff.post(setup, '/api/account/two-factor/setup', {});
  const secret: string = started.body.data.secret;
  const enabled = await staff.post(enable, '/api/account/two-factor/enable', { code: codeFor(secret) });
  expect(enabled.status).toBe(200);
  return { secret, recovery: enabled.body.data.recovery_codes as string[] };
}

describe('the throttle’s calls under concurrency', { timeout: 120_000 }, () => {
  it('one setup enabled 5 times at once turns on once: one answer holds the codes, and only they are stored', async () => {
    const staff = await account();
    const started = await staff.post(setup, '/api/account/two-factor/setup', {});
    const code = codeFor(started.body.data.secret);
    // Within the throttle's 5 attempts per account and address: each one counted, one enables.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => staff.post(enable, '/api/account/two-factor/enable', { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    expect(winner?.body.data.recovery_codes).toHaveLength(10);
    const user = `(SELECT id FROM admin_users WHERE email = ?)`;
    expect(await count(`admin_recovery_codes WHERE user_id = ${user}`, [staff.email])).toBe(10);
    expect(await count(`activity_log WHERE actor_email = ? AND action = 'two_factor_enabled'`, [staff.email])).toBe(1);

    // The winner's codes are the ones that work: one signs in.
    const first = await call(
      login,
      apiRequest('/api/admin/login', { json: { email: staff.email, password: PASSWORD } }),
    );
    const signedIn = await call(
      loginTwoFactor,
      apiRequest('/api/admin/login/two-factor', {
        json: { challenge: first.body.challenge, code: winner?.body.data.recovery_codes[0] },
      }),
    );
    expect(signedIn.status).toBe(200);
  });

  it('a code and a recovery code sent at once on one challenge open one session and use up one factor', async () => {
    const staff = await account();
    const { secret, recovery } = await withTwoFactor(staff);
    // The code of the step used to enable is spent: the recovery code races a code of the next step.
    const next = TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: Date.now() + 30_000,
    });
    const first = await call(
      login,
      apiRequest('/api/admin/login', { json: { email: staff.email, password: PASSWORD } }),
    );
    const sessions = await count('sessions');
    const stepBefore = await lastStep(staff.email);
    const answers = await Promise.all(
      [next, recovery[0]].map((code) =>
        call(
          loginTwoFactor,
          apiRequest('/api/admin/login/two-factor', { json: { challenge: first.body.challenge, code } }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await count('sessions')).toBe(sessions + 1);
    const usedCodes = await count(
      'admin_recovery_codes WHERE used_at IS NOT NULL AND user_id = (SELECT id FROM admin_users WHERE email = ?)',
      [staff.email],
    );
    const codeUsed = (await lastStep(staff.email)) !== stepBefore;
    // Exactly one of the two factors was used up: the one that signed in.
    expect(usedCodes + (codeUsed ? 1 : 0)).toBe(1);
  });

  it('two-factor turned off twice at once with one code is turned off once', async () => {
    const staff = await account();
    const { recovery } = await withTwoFactor(staff);
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        staff.post(disable, '/api/account/two-factor/disable', { password: PASSWORD, code: recovery[1] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const user = `(SELECT id FROM admin_users WHERE email = ?)`;
    expect(await count(`admin_two_factor WHERE user_id = ${user}`, [staff.email])).toBe(0);
    expect(await count(`admin_recovery_codes WHERE user_id = ${user}`, [staff.email])).toBe(0);
    expect(await count(`activity_log WHERE actor_email = ? AND action = 'two_factor_disabled'`, [staff.email])).toBe(1);
  });

  it('a session that has ended counts no attempt: the re-check answers 401 and the throttle is untouched', async () => {
    const staff = await account();
    const db = await getDb();
    await db.execute({
      sql: 'UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)',
      args: [new Date(Date.now() - 1000).toISOString(), staff.email],
    });
    const attempts = await count('login_attempts WHERE email = ?', [staff.email]);
    const answers = await Promise.all([
      staff.post(changePassword, '/api/account/password', {
        current_password: 'a wrong guess',
        new_password: 'another-long-password-9',
        confirm_password: 'another-long-password-9',
      }),
      staff.post(enable, '/api/account/two-factor/enable', { code: '123456' }),
      staff.post(disable, '/api/account/two-factor/disable', { password: 'a wrong guess', code: '123456' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(await count('login_attempts WHERE email = ?', [staff.email])).toBe(attempts);
  });
});
