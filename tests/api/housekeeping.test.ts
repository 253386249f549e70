import { describe, expect, it } from 'vitest';
import login from '../../netlify/functions/auth-login';
import quotes from '../../netlify/functions/quotes-create';
import { PURGE_BATCH } from '../../netlify/lib/purge';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

const OLD = 250;
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function counts() {
  const db = await getDb();
  const { rows } = await db.execute(`SELECT
    (SELECT count(*) FROM sessions) AS sessions,
    (SELECT count(*) FROM login_attempts) AS login_attempts,
    (SELECT count(*) FROM login_challenges) AS login_challenges,
    (SELECT count(*) FROM admin_known_addresses) AS admin_known_addresses,
    (SELECT count(*) FROM rate_limits) AS rate_limits`);
  return { ...rows[0] } as Record<string, number>;
}

describe('tables that would grow forever are purged on write, a bounded batch at a time', () => {
  it(`each write removes at most ${PURGE_BATCH} expired rows of each table, until only live rows are left`, async () => {
    const db = await getDb();
    // Left behind by a staff member who never signs in again (a sign-in sweeps its own user's at once).
    const { rows } = await db.execute(
      "INSERT INTO admin_users (email, password_hash) VALUES ('gone@nec-cargo.example', 'x') RETURNING id",
    );
    const userId = Number(rows[0]!.id);
    await db.batch(
      [
        {
          sql: `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
                SELECT 'expired-' || value, ?, ?, ?, ? FROM generate_series(1, ?)`,
          args: [userId, ago(2 * DAY), ago(2 * DAY), ago(DAY), OLD],
        },
        {
          sql: `INSERT INTO login_attempts (email, address, attempted_at)
                SELECT 'gone-' || value || '@nowhere.example', '192.0.2.1', ? FROM generate_series(1, ?)`,
          args: [ago(DAY), OLD],
        },
        {
          sql: `INSERT INTO login_challenges (token_hash, user_id, remember, created_at, expires_at)
                SELECT 'stale-' || value, ?, 0, ?, ? FROM generate_series(1, ?)`,
          args: [userId, ago(DAY), ago(DAY - 5 * 60 * 1000), OLD],
        },
        {
          sql: `INSERT INTO admin_known_addresses (user_id, address, last_login_at)
                SELECT ?, '10.0.' || (value / 256) || '.' || (value % 256), ? FROM generate_series(1, ?)`,
          args: [userId, ago(100 * DAY), OLD],
        },
        {
          sql: `INSERT INTO rate_limits (key, window_start, count)
                SELECT 'tracking:10.1.0.' || value, ?, 3 FROM generate_series(1, ?)`,
          args: [Math.floor(Date.now() / 1000) - 2 * 24 * 60 * 60, OLD],
        },
      ],
      'write',
    );
    const filled = await counts();
    for (const table of Object.keys(filled)) expect(filled[table]).toBeGreaterThanOrEqual(OLD);

    // Each round: one sign-in (sessions, attempts, challenges, known addresses) and one quote request (rate limits;
    // the public lookups only read).
    const history = [filled];
    for (let round = 1; round <= 3; round++) {
      const signedIn = await call(
        login,
        apiRequest('/api/admin/login', { json: TEST_ADMIN, headers: { 'x-nf-client-connection-ip': '198.51.100.1' } }),
      );
      expect(signedIn.status).toBe(200);
      await call(
        quotes,
        apiRequest('/api/quotes', {
          json: { name: 'Ann', email: 'ann@example.com', service: 'Warehousing' },
          headers: { 'x-nf-client-connection-ip': '198.51.100.1' },
        }),
      );
      history.push(await counts());
    }
    for (const table of Object.keys(filled)) {
      const sizes = history.map((sizes) => sizes[table]!);
      for (let round = 1; round < sizes.length; round++) {
        // Never more than a batch per write, and always shrinking while old rows remain.
        expect(sizes[round - 1]! - sizes[round]!, table).toBeLessThanOrEqual(PURGE_BATCH + 1);
        expect(sizes[round]!, table).toBeLessThan(sizes[round - 1]!);
      }
    }
    // What is left is live: the sessions and known address of these sign-ins, this window's counter.
    expect(history.at(-1)).toEqual({
      sessions: 3,
      login_attempts: 0,
      login_challenges: 0,
      admin_known_addresses: 1,
      rate_limits: 1,
    });
  });
});
