import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { openE2eDatabase } from '../../helpers/e2e-db';

// Runs after every other e2e test (its own Playwright project): it spends the lookup limit of the
// tests' one address for the rest of the minute. Run alone with `--project=limits --no-deps`.

const number = buildSeedShipments()[0]!.tracking_number;

test('the served lookups answer 429 after 60 a minute from one address, and write nothing to the database', async ({
  request,
}) => {
  test.setTimeout(150_000);
  // All the calls must fall in one minute window: with 40 s or less left, wait for the next one.
  const second = new Date().getSeconds();
  if (second > 20) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));

  const database = openE2eDatabase();
  const version = async () => Number((await database.execute('PRAGMA data_version')).rows[0]![0]);
  const before = await version();

  const statuses: number[] = [];
  let refused: Awaited<ReturnType<typeof request.get>> | undefined;
  while (!refused && statuses.length < 70) {
    const response =
      statuses.length % 2
        ? await request.post('/api/tracking/batch', { data: { numbers: [number] } })
        : await request.get(`/api/tracking/${number}`);
    statuses.push(response.status());
    if (response.status() === 429) refused = response;
  }
  expect(refused, `statuses: ${statuses.join(' ')}`).toBeDefined();
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(60);
  expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  expect(Number(refused!.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused!.json()).toMatchObject({ status: expect.anything() });
  expect(await version()).toBe(before);
  database.close();
});
