import { describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/auth-login';
import type { HttpError } from '../../netlify/lib/http';
import { ADDRESS_BUSY, countAttempt, IN_FLIGHT_STALE_MS, LOGIN_LIMITS } from '../../netlify/lib/login-throttle';
import {
  DUMMY_PASSWORD_HASH,
  HASH_SLOTS,
  HASHING_BUSY,
  hashPassword,
  keyDerivations,
  PASSWORD_PARAMS,
  readHash,
} from '../../netlify/lib/password';
import { loginsInParallelWorkers } from '../helpers/parallel-logins';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

const PASSWORD = 'a long and unguessable passphrase';

/** A sign-in from a client address (Netlify's connection header; `call` gives no context.ip). */
const attempt = (email: string, password: string, address: string) =>
  call(
    login,
    apiRequest('/api/admin/login', { json: { email, password }, headers: { 'x-nf-client-connection-ip': address } }),
  );

let accounts = 0;
/** A fresh account (so each test has its own buckets), signed in once from its usual address. */
async function account(usualAddress: string): Promise<string> {
  const email = `throttle-${++accounts}@nec-cargo.example`;
  const db = await getDb();
  await db.execute({
    sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?)',
    // The full cost: these tests need every check of a burst still running while the others arrive.
    args: [email, await hashPassword(PASSWORD, PASSWORD_PARAMS)],
  });
  expect((await attempt(email, PASSWORD, usualAddress)).status).toBe(200);
  return email;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

async function attemptRows(email: string): Promise<number> {
  const db = await getDb();
  const { rows } = await db.execute({ sql: 'SELECT count(*) AS n FROM login_attempts WHERE email = ?', args: [email] });
  return Number(rows[0]!.n);
}

function expectRetryAfter(answer: { status: number; headers: Headers }) {
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

// Each test hashes several passwords at 128 MiB and ~0.5 s each (far more on a loaded machine).
describe('the sign-in throttle under concurrency', { timeout: 180_000 }, () => {
  it('of 15 parallel wrong passwords from one address, 2 at most are checked at once (no 503); the rest answer 429 with Retry-After', async () => {
    const email = await account('198.51.100.1');
    const before = keyDerivations();
    const answers = await Promise.all(Array.from({ length: 15 }, () => attempt(email, 'wrong guess', '203.0.113.7')));
    const statuses = answers.map((answer) => answer.status);
    const checked = count(statuses, 401);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.addressInFlight);
    expect(count(statuses, 429)).toBe(15 - checked);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expectRetryAfter(answer);
      expect(answer.body.message).toBe(ADDRESS_BUSY);
    }
    expect(keyDerivations() - before).toBe(checked);
    expect(await attemptRows(email)).toBe(checked);

    // One at a time, the pair's budget takes 5 in all; then the right password is refused from the
    // guessing address, but not from the admin's usual one.
    while ((await attemptRows(email)) < LOGIN_LIMITS.pair) {
      expect((await attempt(email, 'wrong guess', '203.0.113.7')).status).toBe(401);
    }
    const refused = await attempt(email, PASSWORD, '203.0.113.7');
    expect(refused.status).toBe(429);
    expectRetryAfter(refused);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect((await attempt(email, PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  it('15 parallel code checks from one address: exactly 5 are counted, whatever the interleaving', async () => {
    const email = await account('198.51.100.2');
    const db = await getDb();
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, () =>
        countAttempt(db, { email, address: '203.0.113.8', kind: 'code' }).then(
          () => 200,
          (error: HttpError) => error.status,
        ),
      ),
    );
    expect(count(outcomes, 200)).toBe(LOGIN_LIMITS.pair);
    expect(count(outcomes, 429)).toBe(15 - LOGIN_LIMITS.pair);
    expect(await attemptRows(email)).toBe(LOGIN_LIMITS.pair);
  });

  it('holds across 15 function instances (worker threads, each with its own connection) guessing at once', async () => {
    const email = await account('198.51.100.3');
    const before = await attemptRows(email);
    const answers = await loginsInParallelWorkers(
      Array.from({ length: 15 }, () => ({ email, password: 'wrong guess', address: '203.0.113.9' })),
    );
    const statuses = answers.map((answer) => answer.status);
    const checked = count(statuses, 401);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.addressInFlight);
    expect(count(statuses, 429)).toBe(15 - checked);
    expect(answers.filter((a) => a.status === 429).every((a) => Number(a.retryAfter) > 0)).toBe(true);
    expect((await attemptRows(email)) - before).toBe(checked);
    expect((await attempt(email, PASSWORD, '198.51.100.3')).status).toBe(200);
  });

  // Filled through the throttle itself (code checks: the same buckets, without a hash each), one at a
  // time, so the in-flight cap of parallel password checks does not come first.
  const fill = async (email: string, addresses: string[]) => {
    const db = await getDb();
    const outcomes: number[] = [];
    for (const address of addresses) {
      outcomes.push(
        await countAttempt(db, { email, address, kind: 'code' }).then(
          () => 200,
          (error: HttpError) => error.status,
        ),
      );
    }
    return outcomes;
  };

  it('guesses from many addresses never lock the account: beyond its budget, sign-ins from unknown addresses are guarded', async () => {
    const email = await account('198.51.100.4');
    const db = await getDb();
    const guarded: boolean[] = [];
    for (let i = 0; i < LOGIN_LIMITS.account + 3; i++) {
      guarded.push((await countAttempt(db, { email, address: `192.0.2.${i + 1}`, kind: 'code' })).guarded);
    }
    expect(guarded).toEqual(Array.from({ length: LOGIN_LIMITS.account + 3 }, (_, i) => i >= LOGIN_LIMITS.account));
    // A right password from yet another address is not refused, and not let in by itself; from the usual address it passes.
    const elsewhere = await attempt(email, PASSWORD, '192.0.2.200');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ status: 'email_sent' });
    expect(elsewhere.headers.get('set-cookie')).toBeNull();
    expect((await attempt(email, PASSWORD, '198.51.100.4')).body.status).toBe('success');
  });

  it('one address trying many accounts is held to 20 attempts in all', async () => {
    const db = await getDb();
    const outcomes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.address + 4; i++) {
      outcomes.push((await fill(`nobody-${i}@spray.example`, ['203.0.113.50']))[0]!);
    }
    expect(count(outcomes, 200)).toBe(LOGIN_LIMITS.address);
    expect(count(outcomes, 429)).toBe(4);
    const refused = await attempt('one-more@spray.example', 'wrong guess', '203.0.113.50');
    expect(refused.status).toBe(429);
    expectRetryAfter(refused);
    expect(await db.execute("SELECT 1 FROM login_attempts WHERE email = 'one-more@spray.example'")).toHaveProperty(
      'rows.length',
      0,
    );
  });

  it('counts an IPv6 client by its /64: its other addresses share the 20 across accounts, another network does not', async () => {
    const outcomes: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.address + 1; i++) {
      outcomes.push((await fill(`v6-spray-${i}@spray.example`, [`2001:db8:50:1::${(i + 1).toString(16)}`]))[0]!);
    }
    expect(outcomes).toEqual([...Array(LOGIN_LIMITS.address).fill(200), 429]);
    expect((await attempt('v6-more@spray.example', 'wrong guess', '2001:db8:50:1:abcd:1:2:3')).status).toBe(429);
    expect((await attempt('v6-more@spray.example', 'wrong guess', '2001:db8:50:2::1')).status).toBe(401);
  });

  it("an IPv6 owner's network stays known when their device takes a new address in it", async () => {
    const email = await account('2001:db8:51:7::10');
    // Strangers fill the account's budget for unknown addresses.
    await fill(
      email,
      Array.from({ length: LOGIN_LIMITS.account }, (_, i) => `192.0.2.${i + 101}`),
    );
    const owner = await attempt(email, PASSWORD, '2001:db8:51:7:1c2b:3a4d:5e6f:7081');
    expect(owner.body.status).toBe('success');
    const stranger = await attempt(email, PASSWORD, '2001:db8:51:8::10');
    expect(stranger.body).toEqual({ status: 'email_sent' });
  });

  it('counts attempts that never finished (a timed-out or crashed function)', async () => {
    const email = await account('198.51.100.5');
    const db = await getDb();
    const stamp = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
      await db.execute({
        sql: 'INSERT INTO login_attempts (email, address, known, finished, attempted_at) VALUES (?, ?, 0, 0, ?)',
        args: [email, '203.0.113.60', stamp],
      });
    }
    const refused = await attempt(email, PASSWORD, '203.0.113.60');
    expect(refused.status).toBe(429);
    expectRetryAfter(refused);
  });

  it('a success forgets the failures of its account and address', async () => {
    const email = await account('198.51.100.6');
    for (let i = 0; i < LOGIN_LIMITS.pair - 1; i++) {
      expect((await attempt(email, 'wrong guess', '203.0.113.70')).status).toBe(401);
    }
    expect((await attempt(email, PASSWORD, '203.0.113.70')).status).toBe(200);
    expect(await attemptRows(email)).toBe(0);
  });
});

describe('load on sign-in fails fast', { timeout: 180_000 }, () => {
  it('40 simultaneous sign-ins: those beyond the hash slots and the in-flight cap answer 503 at once; the admin then signs in', async () => {
    const email = await account('198.51.100.10');
    const burst = Array.from({ length: 40 }, (_, i) =>
      attempt(`load-${i}@burst.example`, 'wrong', `198.18.0.${i + 1}`),
    );
    const answers = await Promise.all(burst);
    const statuses = answers.map((answer) => answer.status);
    const checked = count(statuses, 401);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.inFlight);
    expect(count(statuses, 503)).toBe(40 - checked);
    // At least everyone beyond this instance's slots was refused without touching the database.
    expect(count(statuses, 503)).toBeGreaterThanOrEqual(40 - HASH_SLOTS.running - HASH_SLOTS.waiting);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.body).toEqual({ status: 'error', message: HASHING_BUSY });
      expectRetryAfter(answer);
    }
    expect((await attempt(email, PASSWORD, '198.51.100.10')).status).toBe(200);
  });

  it('password checks in flight on other instances hold back unknown addresses (503), not the known one', async () => {
    const email = await account('198.51.100.11');
    const db = await getDb();
    const insertInFlight = (at: number) =>
      db.execute({
        sql: `INSERT INTO login_attempts (email, address, known, finished, attempted_at)
              SELECT 'elsewhere-' || value || '@nec-cargo.example', '10.9.9.' || value, 0, 0, ?
              FROM generate_series(1, ?)`,
        args: [new Date(at).toISOString(), LOGIN_LIMITS.inFlight],
      });
    await insertInFlight(Date.now());
    const before = keyDerivations();
    const busy = await attempt(email, PASSWORD, '203.0.113.80');
    expect(busy.status).toBe(503);
    expect(busy.body.message).toBe(HASHING_BUSY);
    expectRetryAfter(busy);
    expect(keyDerivations() - before).toBe(0);
    expect((await attempt(email, PASSWORD, '198.51.100.11')).status).toBe(200);

    // Unfinished attempts older than a hash can take no longer count as in flight.
    await db.execute({
      sql: 'UPDATE login_attempts SET attempted_at = ? WHERE finished = 0',
      args: [new Date(Date.now() - IN_FLIGHT_STALE_MS - 1000).toISOString()],
    });
    expect((await attempt(email, PASSWORD, '203.0.113.80')).status).toBe(200);
  });
});

describe('an unknown email costs exactly one hash', { timeout: 60_000 }, () => {
  it('like a wrong password', async () => {
    let before = keyDerivations();
    expect((await attempt('nobody-at-all@nec-cargo.example', 'whatever', '203.0.113.90')).status).toBe(401);
    expect(keyDerivations() - before).toBe(1);
    before = keyDerivations();
    expect((await attempt(TEST_ADMIN.email, 'not the password', '203.0.113.90')).status).toBe(401);
    expect(keyDerivations() - before).toBe(1);
  });

  it('in a cold instance too: the dummy hash ships in the code', async () => {
    vi.resetModules();
    const cold = await import('../../netlify/functions/auth-login');
    const password = await import('../../netlify/lib/password');
    expect(password.keyDerivations()).toBe(0);
    const answer = await call(
      cold.default,
      apiRequest('/api/admin/login', {
        json: { email: 'cold-nobody@nec-cargo.example', password: 'whatever' },
        headers: { 'x-nf-client-connection-ip': '203.0.113.91' },
      }),
    );
    expect(answer.status).toBe(401);
    expect(password.keyDerivations()).toBe(1);
    await (await import('../../netlify/lib/db')).closeDb();
  });

  it('the dummy hash costs what a real one does', () => {
    expect(readHash(DUMMY_PASSWORD_HASH)?.params).toEqual(PASSWORD_PARAMS);
  });
});
