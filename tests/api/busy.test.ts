import { createClient } from '@libsql/client';
import { describe, expect, it, vi } from 'vitest';
import customers from '../../netlify/functions/customers-list-create';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { DB_MODE, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

const create = (cookie: string, name: string) =>
  call(customers, apiRequest('/api/customers', { json: { name }, headers: withSession(cookie) }));

// Another writer holding a file database's write lock past the app's busy wait. (sqld queues its
// writers in the server instead, so there the same call just waits its turn.)
describe.skipIf(DB_MODE === 'sqld')('a database locked by another writer', () => {
  it('answers 503 with Retry-After, writes nothing, and the same request then succeeds', async () => {
    const cookie = await signIn();
    const holder = createClient({ url: process.env.DATABASE_URL! });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lock = await holder.transaction('write');
    try {
      const refused = await create(cookie, 'Locked Out Freight');
      expect(refused).toMatchObject({
        status: 503,
        body: { status: 'error', message: 'The service is temporarily unavailable. Please try again shortly.' },
      });
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      await lock.rollback();
      holder.close();
      logged.mockRestore();
    }
    const { rows } = await (await getDb()).execute(
      "SELECT count(*) AS n FROM customers WHERE name = 'Locked Out Freight'",
    );
    expect(rows[0]!.n).toBe(0);
    expect(await create(cookie, 'Locked Out Freight')).toMatchObject({ status: 201 });
  }, 30_000);
});
