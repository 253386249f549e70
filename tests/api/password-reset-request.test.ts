import { afterEach, describe, expect, it, vi } from 'vitest';
import forgot from '../../netlify/functions/auth-password-forgot';
import { RESET_LIMITS } from '../../netlify/lib/password-reset';
import { PASSWORD_RESET_MESSAGES } from '../../src/lib/sign-in';
import { askForLink, checkLink, mailedResetTokens, resetAccount } from '../helpers/password-reset';
import { apiRequest, SITE } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// "Forgot password?": the same answer, the same work and the same budgets whether or not an account
// has the email; a link by mail only for an account; a new link replaces the earlier ones.

const getDb = useTestDatabase({ seed: true });

let addresses = 0;
/** An address of the test's own, so no other test spends its budget. */
const address = () => `198.51.100.${++addresses}`;

const mails = async (email: string) =>
  (
    await (
      await getDb()
    ).execute({
      sql: "SELECT count(*) AS n FROM outbox WHERE kind = 'password_reset' AND recipient = ?",
      args: [email],
    })
  ).rows[0]!.n;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The clock at the start of a throttle window, so a count never straddles two. */
function atWindowStart() {
  const window = RESET_LIMITS.email.windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / window) * window + 1_000);
}

describe('asking for a reset link', { timeout: 120_000 }, () => {
  it('answers a known and an unknown email alike, doing the same work, and mails only the account', async () => {
    const db = await getDb();
    const known = await resetAccount(db, 'known');
    const unknown = `nobody-${Date.now()}@nec-cargo.example`;
    const statements: string[][] = [];
    const record = (sql: unknown) =>
      statements.at(-1)!.push(typeof sql === 'string' ? sql : String((sql as { sql: string }).sql));
    const batch = db.batch.bind(db);
    const execute = db.execute.bind(db);
    vi.spyOn(db, 'batch').mockImplementation((list, mode) => {
      for (const statement of list) record(statement);
      return batch(list, mode);
    });
    vi.spyOn(db, 'execute').mockImplementation((statement) => {
      record(statement);
      return execute(statement as never);
    });

    statements.push([]);
    const forKnown = await askForLink(known, address());
    statements.push([]);
    const forUnknown = await askForLink(unknown, address());
    vi.restoreAllMocks();

    expect(forKnown.status).toBe(200);
    expect(forKnown.body).toEqual({ status: 'success', message: PASSWORD_RESET_MESSAGES.sent });
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(statements[0]!.length).toBeGreaterThan(5);
    expect(statements[1]).toEqual(statements[0]);
    expect(await mails(known)).toBe(1);
    expect(await mails(unknown)).toBe(0);
    const [token] = await mailedResetTokens(db, known);
    expect((await checkLink(token)).status).toBe(200);
    // Only the hash is stored.
    const stored = await db.execute('SELECT token_hash FROM password_resets');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('finds the account whatever the case of the email', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'cased');
    expect((await askForLink(email.toUpperCase(), address())).status).toBe(200);
    expect(await mails(email)).toBe(1);
  });

  it('replaces the earlier unused links of the account: only the latest works', async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'replaced');
    await askForLink(email, address());
    await askForLink(email, address());
    const [first, second] = await mailedResetTokens(db, email);
    const old = await checkLink(first);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(PASSWORD_RESET_MESSAGES.replaced);
    expect((await checkLink(second)).status).toBe(200);
  });

  it(`throttles per email: past ${RESET_LIMITS.email.limit} in 15 minutes a 429, for known and unknown emails alike`, async () => {
    const db = await getDb();
    const known = await resetAccount(db, 'throttled');
    atWindowStart();
    const unknown = `no-one-${Date.now()}@nec-cargo.example`;
    for (const email of [known, unknown]) {
      const answers = [];
      for (let i = 0; i <= RESET_LIMITS.email.limit; i++) answers.push(await askForLink(email, address()));
      expect(answers.map(({ status }) => status)).toEqual([...Array(RESET_LIMITS.email.limit).fill(200), 429]);
      const refused = answers.at(-1)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/Too many requests/);
    }
    expect(await mails(known)).toBe(RESET_LIMITS.email.limit);
  });

  it(`throttles per address: past ${RESET_LIMITS.address.limit} in 15 minutes a 429, whatever the emails`, async () => {
    atWindowStart();
    const from = address();
    const statuses = [];
    for (let i = 0; i <= RESET_LIMITS.address.limit; i++) {
      statuses.push((await askForLink(`someone-${i}-${Date.now()}@nec-cargo.example`, from)).status);
    }
    expect(statuses).toEqual([...Array(RESET_LIMITS.address.limit).fill(200), 429]);
    // An IPv6 client counts by its /64.
    const network = '2001:db8:5:6';
    for (let i = 0; i < RESET_LIMITS.address.limit; i++) {
      await askForLink(`v6-${i}-${Date.now()}@nec-cargo.example`, `${network}::${i + 1}`);
    }
    expect((await askForLink(`v6-last-${Date.now()}@nec-cargo.example`, `${network}::ffff`)).status).toBe(429);
  });

  it('names the field of a missing, malformed or control-character email', async () => {
    for (const email of [undefined, '', 'not an email', 'a\u0000b@nec-cargo.example']) {
      const answer = await askForLink(email, address());
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['email']);
    }
  });

  it("takes the page's plain form: a 303 to the page saying a link is on its way, failures as a page", async () => {
    const db = await getDb();
    const email = await resetAccount(db, 'plain');
    const post = (body: string) =>
      forgot(
        new Request(new URL('/api/admin/password/forgot', SITE), {
          method: 'POST',
          body,
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: SITE,
            'Sec-Fetch-Site': 'same-origin',
            'x-nf-client-connection-ip': address(),
          },
        }),
      );
    const sent = await post(new URLSearchParams({ email }).toString());
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/admin-reset-link-sent');
    expect(await mails(email)).toBe(1);
    const faulty = await post('email=');
    expect(faulty.status).toBe(422);
    expect(faulty.headers.get('content-type')).toMatch(/text\/html/);
    expect(await faulty.text()).toContain('Email is required');
    // JSON stays JSON.
    expect((await forgot(apiRequest('/api/admin/password/forgot', { json: {} }))).status).toBe(422);
  });
});
