import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import batch from '../../netlify/functions/tracking-batch';
import tracking from '../../netlify/functions/tracking-lookup';
import { closeDb, getDb } from '../../netlify/lib/db';
import { apiRequest, call } from '../helpers/requests';
import { type CountingProxy, startCountingProxy } from '../helpers/sqld';
import { DB_MODE, useTestDatabase } from '../helpers/test-db';

useTestDatabase({ seed: true });
const numbers = buildSeedShipments()
  .slice(0, 10)
  .map((shipment) => shipment.tracking_number);

/**
 * Requests to a real libSQL server (sqld), counted by a proxy in front of it: with Turso each is a network
 * round trip, so the public lookups, the busiest calls, must make one. (A count, not a timing.)
 */
describe.skipIf(DB_MODE !== 'sqld')('round trips of the public lookups to the database', () => {
  let proxy: CountingProxy;
  let server: string;
  beforeAll(async () => {
    server = process.env.DATABASE_URL!;
    proxy = await startCountingProxy(server);
    await closeDb();
    process.env.DATABASE_URL = proxy.url;
    // Opening the connection checks it once: a warm function instance has done so already.
    await getDb();
  });
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = server;
    await proxy.stop();
  });

  it('GET /api/tracking/{n} makes one, found or not, with or without a reveal cookie', async () => {
    const lookUp = (number: string, headers: Record<string, string> = {}) =>
      proxy.count(async () => {
        const { status } = await call(tracking, apiRequest(`/api/tracking/${number}`, { headers }), {
          trackingNumber: number,
        });
        expect(status).toBe(number === 'NECZZZZZZZZZ' ? 404 : 200);
      });
    expect(await lookUp(numbers[0]!)).toBe(1);
    expect(await lookUp('NECZZZZZZZZZ')).toBe(1);
    expect(await lookUp(numbers[1]!, { Cookie: `__Host-nec-reveal=${'a'.repeat(43)}` })).toBe(1);
  });

  it('POST /api/tracking/batch makes one for ten numbers', async () => {
    const requests = await proxy.count(async () => {
      const { status, body } = await call(batch, apiRequest('/api/tracking/batch', { json: { numbers } }));
      expect(status).toBe(200);
      expect(body.data.filter((item: { result: string }) => item.result === 'found')).toHaveLength(10);
    });
    expect(requests).toBe(1);
  });
});
