import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { openE2eDatabase } from '../../helpers/e2e-db';

// Runs after every other e2e test (its own Playwright project): it spends the lookup limit of the
// tests' one address for the rest of the minute. Run alone with `--project=limits --no-deps`.

// A batch counts each of its numbers, so batches of 10 spend the minute's 60 lookups in a few calls.
const numbers = buildSeedShipments()
  .slice(0, 10)
  .map((shipment) => shipment.tracking_number);

test('the served lookups answer 429 after 60 a minute from one address, and write nothing to the database', async ({
  request,
}) => {
  test.setTimeout(90_000);
  // The calls must fall in one minute window: with 15 s or less left, wait for the next one.
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));

  const database = openE2eDatabase();
  const version = async () => Number((await database.execute('PRAGMA data_version')).rows[0]![0]);
  const before = await version();

  // Earlier tests may have spent some of this window already: batches until one is refused.
  const statuses: number[] = [];
  while (!statuses.includes(429) && statuses.length < 8) {
    statuses.push((await request.post('/api/tracking/batch', { data: { numbers } })).status());
  }
  expect(statuses.at(-1), `statuses: ${statuses.join(' ')}`).toBe(429);
  expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  // At most 60 numbers were answered in the window: six batches of ten.
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(6);

  // The single lookup shares the count: the window is spent for it too.
  const refused = await request.get(`/api/tracking/${numbers[0]}`);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ status: false, error: expect.stringContaining('Too many requests') });
  expect(await version()).toBe(before);
  database.close();
});
