import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enable from '../../netlify/functions/account-two-factor-enable';
import setup from '../../netlify/functions/account-two-factor-setup';
import login from '../../netlify/functions/auth-login';
import loginLink from '../../netlify/functions/auth-login-link';
import loginTwoFactor from '../../netlify/functions/auth-login-two-factor';
import session from '../../netlify/functions/auth-session';
import { CODE_JUST_USED, INVALID_CODE, PASSWORD_OR_CODE } from '../../netlify/lib/auth';
import { countAttempt, LOGIN_LIMITS } from '../../netlify/lib/login-throttle';
import { deliverDue } from '../../netlify/lib/outbox-delivery';
import { hashPassword } from '../../netlify/lib/password';
import { SIGN_IN_LINKS_PER_WINDOW } from '../../netlify/lib/sign-in-link';
import { SIGN_IN_LINK_MESSAGES } from '../../src/lib/sign-in';
import { withSession } from '../helpers/admin-session';
import { type Answer, apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

const PASSWORD = 'a long and unguessable passphrase';

let accounts = 0;
/** A fresh account (its own buckets), signed in once from its usual address. */
async function account(usualAddress: string): Promise<string> {
  const email = `owner-${++accounts}@nec-cargo.example`;
  await (await getDb()).execute({
    sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
    args: [email, await hashPassword(PASSWORD)],
  });
  expect((await signIn(email, PASSWORD, usualAddress)).body.status).toBe('success');
  return email;
}

const signIn = (email: string, password: string, address: string) =>
  call(
    login,
    apiRequest('/api/admin/login', { json: { email, password }, headers: { 'x-nf-client-connection-ip': address } }),
  );
const secondStep = (challenge: string, code: string, address: string) =>
  call(
    loginTwoFactor,
    apiRequest('/api/admin/login/two-factor', {
      json: { challenge, code },
      headers: { 'x-nf-client-connection-ip': address },
    }),
  );
const useLink = (token: string, address: string) =>
  call(
    loginLink,
    apiRequest('/api/admin/login/link', { json: { token }, headers: { 'x-nf-client-connection-ip': address } }),
  );
const cookieOf = (answer: Answer) => answer.headers.get('set-cookie')!.split(';')[0]!;
const signedIn = async (cookie: string) =>
  (await call(session, apiRequest('/api/admin/session', { headers: withSession(cookie) }))).status === 200;

/** Strangers' failures from addresses the account never signed in from, through the throttle itself (no hash each). */
async function fillAccountBudget(email: string, prefix: string) {
  const db = await getDb();
  for (let i = 0; i < LOGIN_LIMITS.account; i++) {
    await countAttempt(db, { email, address: `${prefix}.${i + 1}`, kind: 'code' });
  }
}

async function rows(sql: string, args: Array<string | number>) {
  return (await (await getDb()).execute({ sql, args })).rows;
}

/** The sign-in links emailed to the account, rendered as the Outbox page shows them (no mail server here). */
async function mailedTokens(email: string): Promise<string[]> {
  await deliverDue(await getDb(), { mailer: null });
  const mails = await rows(
    "SELECT text_body, state FROM outbox WHERE kind = 'sign_in_link' AND recipient = ? ORDER BY id",
    [email],
  );
  return mails.map((mail) => {
    expect(mail.state).toBe('logged');
    return /\/admin-sign-in-link#([\w-]+)/.exec(String(mail.text_body))![1]!;
  });
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

afterEach(() => {
  vi.useRealTimers();
});

describe('a successful check never counts as a failure', { timeout: 180_000 }, () => {
  it('two-factor turned on after one wrong code, then a sign-in with one wrong code, the code just used and the next one: no lock', async () => {
    const STEP = 30_000;
    let now = Math.floor(Date.now() / STEP) * STEP + 2_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const email = await account('198.51.100.20');
    const address = '198.51.100.20';
    const first = await signIn(email, PASSWORD, address);
    const cookie = cookieOf(first);
    const post = (handler: typeof setup, path: string, json: unknown) =>
      call(handler, apiRequest(path, { json, headers: withSession(cookie, { 'x-nf-client-connection-ip': address }) }));
    const secret = (await post(setup, '/api/account/two-factor/setup', {})).body.data.secret as string;
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, digits: 6, timestamp: now });
    const wrong = () => String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
    const failures = () => rows('SELECT 1 FROM login_attempts WHERE email = ?', [email]).then((r) => r.length);

    expect((await post(enable, '/api/account/two-factor/enable', { code: wrong() })).status).toBe(422);
    expect((await post(enable, '/api/account/two-factor/enable', { code: code() })).status).toBe(200);
    expect(await failures()).toBe(1);

    now += 5_000;
    vi.setSystemTime(now);
    const challenge = (await signIn(email, PASSWORD, address)).body;
    expect(challenge).toMatchObject({ status: 'two_factor_required', guarded: false });
    expect(await failures()).toBe(1);
    const wrongCode = await secondStep(challenge.challenge, wrong(), address);
    expect(wrongCode.body.message).toBe(INVALID_CODE);
    // The app still shows the code that turned two-factor sign-in on: right, but used; it says so and does not count.
    const justUsed = await secondStep(challenge.challenge, code(), address);
    expect(justUsed.status).toBe(401);
    expect(justUsed.body.message).toBe(CODE_JUST_USED);
    expect(await failures()).toBe(2);

    now += STEP;
    vi.setSystemTime(now);
    const done = await secondStep(challenge.challenge, code(), address);
    expect(done.status).toBe(200);
    expect(await failures()).toBe(0);
  });
});

describe('a stranger cannot lock the owner out', { timeout: 300_000 }, () => {
  it('10 wrong passwords from two strange addresses: the owner, from a new address, gets a one-time link by email that signs in', async () => {
    const email = await account('198.51.100.30');
    for (const address of ['203.0.113.31', '203.0.113.32']) {
      for (let i = 0; i < LOGIN_LIMITS.pair; i++) expect((await signIn(email, `guess ${i}`, address)).status).toBe(401);
    }
    const owner = await signIn(email, PASSWORD, '192.0.2.33');
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ status: 'email_sent' });
    expect(owner.headers.get('set-cookie')).toBeNull();

    const [token] = await mailedTokens(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is kept.
    const links = await rows(
      'SELECT token_hash, used_at FROM sign_in_links l JOIN admin_users u ON u.id = l.user_id WHERE u.email = ?',
      [email],
    );
    expect(links).toHaveLength(1);
    expect(links[0]!.token_hash).toBe(sha256(token!));

    const used = await useLink(token!, '192.0.2.33');
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ status: 'success', user: { email } });
    expect(await signedIn(cookieOf(used))).toBe(true);
    const again = await useLink(token!, '192.0.2.33');
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(SIGN_IN_LINK_MESSAGES.used);
    // The address the link was opened from is now the owner's: the password alone signs in there.
    expect((await signIn(email, PASSWORD, '192.0.2.33')).body.status).toBe('success');
  });

  it('with the budget full, a right password alone says nothing: the same answer as a wrong one, and it keeps counting', async () => {
    const email = await account('198.51.100.40');
    await fillAccountBudget(email, '203.0.114');
    const address = '192.0.2.41';
    const wrong = await signIn(email, 'not the password', address);
    const right = await signIn(email, PASSWORD, address);
    const nobody = await signIn('nobody-here@nec-cargo.example', PASSWORD, address);
    await fillAccountBudget('nobody-here@nec-cargo.example', '203.0.115');
    const nobodyGuarded = await signIn('nobody-here@nec-cargo.example', PASSWORD, address);
    for (const answer of [wrong, right, nobodyGuarded]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'email_sent' });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(nobody.status).toBe(401);
    // Only the right password made a link.
    expect(await mailedTokens(email)).toHaveLength(1);
    // Right or wrong, each attempt stays in the (account, address) bucket, which then refuses even the right password.
    for (let i = 2; i < LOGIN_LIMITS.pair; i++) expect((await signIn(email, PASSWORD, address)).status).toBe(200);
    const refused = await signIn(email, PASSWORD, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's usual address is untouched.
    expect((await signIn(email, PASSWORD, '198.51.100.40')).body.status).toBe('success');
  });

  it(`an account gets ${SIGN_IN_LINKS_PER_WINDOW} links per 15 minutes at most, and a forged, used or expired link says which`, async () => {
    const email = await account('198.51.100.50');
    await fillAccountBudget(email, '203.0.116');
    for (let i = 0; i < SIGN_IN_LINKS_PER_WINDOW + 1; i++) {
      expect((await signIn(email, PASSWORD, `192.0.2.${51 + i}`)).body).toEqual({ status: 'email_sent' });
    }
    const tokens = await mailedTokens(email);
    expect(tokens).toHaveLength(SIGN_IN_LINKS_PER_WINDOW);

    const forged = await useLink('A'.repeat(43), '192.0.2.51');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe(SIGN_IN_LINK_MESSAGES.notValid);
    await (await getDb()).execute({
      sql: 'UPDATE sign_in_links SET expires_at = ? WHERE token_hash = ?',
      args: [new Date(Date.now() - 1000).toISOString(), sha256(tokens[0]!)],
    });
    const expired = await useLink(tokens[0]!, '192.0.2.51');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(SIGN_IN_LINK_MESSAGES.expired);

    // 20 uses of one link at once: exactly one signs in.
    const answers = await Promise.all(Array.from({ length: 20 }, () => useLink(tokens[1]!, '192.0.2.52')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401).map((answer) => answer.body.message)).toEqual(
      Array.from({ length: 19 }, () => SIGN_IN_LINK_MESSAGES.used),
    );
  });

  it('with two-factor sign-in on and the budget full, the password and the code together get in; a wrong one of the two says neither', async () => {
    const email = await account('198.51.100.60');
    const cookie = cookieOf(await signIn(email, PASSWORD, '198.51.100.60'));
    const post = (handler: typeof setup, path: string, json: unknown) =>
      call(
        handler,
        apiRequest(path, { json, headers: withSession(cookie, { 'x-nf-client-connection-ip': '198.51.100.60' }) }),
      );
    const secret = (await post(setup, '/api/account/two-factor/setup', {})).body.data.secret as string;
    const code = (steps = 0) =>
      TOTP.generate({
        secret: Secret.fromBase32(secret),
        period: 30,
        digits: 6,
        timestamp: Date.now() + steps * 30_000,
      });
    expect((await post(enable, '/api/account/two-factor/enable', { code: code() })).status).toBe(200);
    await fillAccountBudget(email, '203.0.117');

    const wrongPassword = await signIn(email, 'not the password', '192.0.2.61');
    const rightPassword = await signIn(email, PASSWORD, '192.0.2.62');
    for (const answer of [wrongPassword, rightPassword]) {
      expect(answer.body).toEqual({
        status: 'two_factor_required',
        challenge: expect.any(String),
        expires_in: 300,
        guarded: true,
      });
    }
    const decoy = await secondStep(wrongPassword.body.challenge, code(1), '192.0.2.61');
    expect(decoy.status).toBe(401);
    expect(decoy.body.message).toBe(PASSWORD_OR_CODE);
    const wrongCode = await secondStep(rightPassword.body.challenge, '000000', '192.0.2.62');
    expect(wrongCode.body.message).toBe(PASSWORD_OR_CODE);
    // The code the decoy was given was not used up: it still lets the owner in.
    const owner = await secondStep(rightPassword.body.challenge, code(1), '192.0.2.62');
    expect(owner.status).toBe(200);
    expect(await signedIn(cookieOf(owner))).toBe(true);
  });
});
