import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/auth-login';
import loginTwoFactor from '../../netlify/functions/auth-login-two-factor';
import session from '../../netlify/functions/auth-session';
import { COMMON_PASSWORD } from '../../netlify/lib/account';
import { hashToken } from '../../netlify/lib/tokens';
import { PASSWORD_RESET_MESSAGES, NEW_PASSWORD as RULES } from '../../src/lib/sign-in';
import { signIn, withSession } from '../helpers/admin-session';
import {
  checkLink,
  freshLink,
  NEW_PASSWORD,
  OLD_PASSWORD,
  resetAccount,
  resetBody,
  useLink,
} from '../helpers/password-reset';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The reset link's page: what it says of a link that cannot be used, the new password's rules, one
// reset of many at once, every session ended, and the sign-in after it (never past the second factor).

const getDb = useTestDatabase({ seed: true });

let addresses = 0;
const address = () => `203.0.113.${++addresses}`;

const signedIn = async (cookie: string) =>
  (await call(session, apiRequest('/api/admin/session', { headers: withSession(cookie) }))).status === 200;
const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

async function count(sql: string, args: Array<string | number>) {
  return Number((await (await getDb()).execute({ sql, args })).rows[0]!.n);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a reset link that cannot be used says why, never a 5xx', { timeout: 120_000 }, () => {
  it('forged, expired and used links, on the check and on the reset', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'refused');

    for (const token of ['made-up-token', 'x'.repeat(43)]) {
      for (const answer of [await checkLink(token), await useLink(resetBody(token))]) {
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe(PASSWORD_RESET_MESSAGES.notValid);
      }
    }

    const expiring = await freshLink(db, email, address());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 60 * 1000 + 1_000);
    for (const answer of [await checkLink(expiring), await useLink(resetBody(expiring))]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(PASSWORD_RESET_MESSAGES.expired);
    }
    vi.useRealTimers();

    // An old row, as a link mailed an hour ago leaves it.
    const old = await freshLink(db, email, address());
    await db.execute({
      sql: 'UPDATE password_resets SET expires_at = ? WHERE token_hash = ?',
      args: [new Date(Date.now() - 60_000).toISOString(), hashToken(old)],
    });
    expect((await useLink(resetBody(old))).body.message).toBe(PASSWORD_RESET_MESSAGES.expired);

    const token = await freshLink(db, email, address());
    expect((await useLink(resetBody(token))).status).toBe(200);
    for (const answer of [await checkLink(token), await useLink(resetBody(token, 'yet another long passphrase'))]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(PASSWORD_RESET_MESSAGES.used);
    }
  });
});

describe('the new password', { timeout: 120_000 }, () => {
  it('is refused, naming the field, when missing, short, unconfirmed, common or with control characters; the link still works', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'rules');
    const token = await freshLink(db, email, address());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ token, confirm_password: NEW_PASSWORD }, 'new_password', RULES.required],
      [{ token, new_password: '', confirm_password: '' }, 'new_password', RULES.required],
      [resetBody(token, 'short one'), 'new_password', RULES.tooShort],
      [{ token, new_password: NEW_PASSWORD }, 'confirm_password', RULES.confirmRequired],
      [{ token, new_password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}!` }, 'confirm_password', RULES.mismatch],
      [resetBody(token, `${NEW_PASSWORD}\u0007`), 'new_password', 'Must not contain control characters'],
      [resetBody(token, 'password1234'), 'new_password', COMMON_PASSWORD],
      [{ ...resetBody(token), token: 'a\u0000b' }, 'token', 'Must not contain control characters'],
      [{ new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }, 'token', PASSWORD_RESET_MESSAGES.notValid],
    ];
    for (const [body, field, message] of cases) {
      const answer = await useLink(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field]?.join(' '), JSON.stringify(body)).toContain(message.replace(/\.$/, ''));
    }
    expect((await checkLink(token)).status).toBe(200);
  });
});

describe('a reset', { timeout: 240_000 }, () => {
  it('20 submits of one link at once: exactly one sets the password, the others are told it was used', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'parallel');
    const token = await freshLink(db, email, address());
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => useLink(resetBody(token, `parallel passphrase number ${i}`))),
    );
    const won = answers.filter(({ status }) => status === 200);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter(({ status }) => status !== 200)) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(PASSWORD_RESET_MESSAGES.used);
    }
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'password_reset' AND actor_email = ?", [
        email,
      ]),
    ).toBe(1);
    const winner = answers.indexOf(won[0]!);
    const signIn = (password: string) =>
      call(
        login,
        apiRequest('/api/admin/login', {
          json: { email, password },
          headers: { 'x-nf-client-connection-ip': address() },
        }),
      );
    expect((await signIn(`parallel passphrase number ${winner}`)).status).toBe(200);
  });

  it('ends every session of the account, forgets its failed sign-ins and old links, and signs in anew', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'sessions');
    const first = await signIn({ email, password: OLD_PASSWORD });
    const second = await signIn({ email, password: OLD_PASSWORD });
    await db.execute({
      sql: "INSERT INTO login_attempts (email, address, known, finished, attempted_at) VALUES (?, '203.0.113.250', 0, 1, ?)",
      args: [email, new Date().toISOString()],
    });
    // A sign-in link not yet used stood for the old password.
    await db.execute({
      sql: `INSERT INTO sign_in_links (token_hash, user_id, remember, created_at, expires_at)
            SELECT 'pending-link', id, 0, ?, ? FROM admin_users WHERE email = ?`,
      args: [new Date().toISOString(), new Date(Date.now() + 600_000).toISOString(), email],
    });
    const older = await freshLink(db, email, address());
    const token = await freshLink(db, email, address());
    expect(older).not.toBe(token);

    const answer = await useLink(resetBody(token));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', user: { email } });
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(cookieOf(answer.headers.get('set-cookie')))).toBe(true);
    expect(
      await count('SELECT count(*) AS n FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?', [
        email,
      ]),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM login_attempts WHERE email = ?', [email])).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM sign_in_links WHERE token_hash = 'pending-link' AND expires_at > ?", [
        new Date().toISOString(),
      ]),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'password_reset' AND actor_email = ?", [
        email,
      ]),
    ).toBe(1);
    expect((await signIn({ email, password: NEW_PASSWORD })).length).toBeGreaterThan(0);
  });

  it('with two-factor sign-in on: no session, the second step instead, which then signs in', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'two-factor');
    const secret = new Secret({ size: 20 });
    const now = new Date().toISOString();
    await db.execute({
      sql: `INSERT INTO admin_two_factor (user_id, secret, enabled_at)
            SELECT id, ?, ? FROM admin_users WHERE email = ?`,
      args: [secret.base32, now, email],
    });
    const token = await freshLink(db, email, address());
    const from = address();
    const answer = await useLink(resetBody(token), from);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'two_factor_required', guarded: false });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(
      await count('SELECT count(*) AS n FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?', [
        email,
      ]),
    ).toBe(0);

    const code = TOTP.generate({ secret, period: 30, digits: 6 });
    const done = await call(
      loginTwoFactor,
      apiRequest('/api/admin/login/two-factor', {
        json: { challenge: answer.body.challenge, code },
        headers: { 'x-nf-client-connection-ip': from },
      }),
    );
    expect(done.status).toBe(200);
    expect(await signedIn(cookieOf(done.headers.get('set-cookie')))).toBe(true);
  });
});
