import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../../db/seed';
import { openE2eDatabase } from '../../helpers/e2e-db';

// The served product counts lookups per client address, and locally that address is the connection's (netlify
// serve passes the socket's address on, whatever the request's headers say). This test calls from a loopback
// address of its own: it spends no other test's lookups, and no other test's lookups count against it.

// A batch counts each of its numbers, so batches of 10 spend the minute's 60 lookups in a few calls.
const numbers = buildSeedShipments()
  .slice(0, 10)
  .map((shipment) => shipment.tracking_number);

/** A loopback address other than 127.0.0.1 (the browser's and every other test's). */
const ownAddress = () =>
  `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: unknown;
}

/** One call to the served product, its connection made from `address`. */
function callFrom(address: string, baseURL: string, path: string, json?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      new URL(path, baseURL),
      {
        method: json === undefined ? 'GET' : 'POST',
        family: 4,
        localAddress: address,
        headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: text ? JSON.parse(text) : null,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(json === undefined ? undefined : JSON.stringify(json));
  });
}

/**
 * Seven batches of ten, then one single lookup, from a fresh address; one lookup from another; and whether all
 * fell in one minute window.
 */
async function spendWindow(baseURL: string) {
  const address = ownAddress();
  const started = Date.now();
  const batches: number[] = [];
  for (let batch = 0; batch < 7; batch++) {
    batches.push((await callFrom(address, baseURL, '/api/tracking/batch', { numbers })).status);
  }
  const single = await callFrom(address, baseURL, `/api/tracking/${numbers[0]}`);
  const elsewhere = await callFrom(ownAddress(), baseURL, `/api/tracking/${numbers[0]}`);
  // The server counts in windows of whole minutes of the same clock.
  const oneWindow = Math.floor(started / 60_000) === Math.floor(Date.now() / 60_000);
  return { address, batches, single, elsewhere, oneWindow };
}

test('the served lookups answer 429 after 60 a minute from one address, counted outside the database', async ({
  baseURL,
}) => {
  let spent = await spendWindow(baseURL!);
  // Counting starts afresh when the minute turns: calls that straddled it are made again, from another address,
  // in the minute that has just begun.
  if (!spent.oneWindow) spent = await spendWindow(baseURL!);
  expect(spent.oneWindow).toBe(true);
  expect(spent.batches).toEqual([200, 200, 200, 200, 200, 200, 429]);

  // The single lookup shares the count: the window is spent for it too.
  expect(spent.single.status).toBe(429);
  expect(Number(spent.single.retryAfter)).toBeGreaterThan(0);
  expect(spent.single.body).toMatchObject({ status: false, error: expect.stringContaining('Too many requests') });
  // Another address has its own count (and the server told them apart): its lookup is answered.
  expect(spent.elsewhere.status).toBe(200);

  // Other tests write to the database meanwhile; none of them counts this address, and neither may the lookups.
  const database = openE2eDatabase();
  const counted = await database.execute({
    sql: "SELECT count(*) AS n FROM rate_limits WHERE key LIKE '%' || ?",
    args: [spent.address],
  });
  database.close();
  expect(Number(counted.rows[0]!.n)).toBe(0);
});
