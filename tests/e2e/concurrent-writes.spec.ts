import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../db/seed';
import { seedAdminCredentials } from '../../netlify/lib/env';
import { unzippedFunctions } from '../../scripts/lib/serve';
import { openE2eDatabase } from '../helpers/e2e-db';
import { E2E_COPY_DIR } from '../helpers/e2e-server';
import { nativeLibraryCopies } from '../helpers/native-libraries';

// netlify serve runs each function in a worker thread of one process; copies of the native SQLite library that
// do not share locks corrupt a file written from two functions at once. The copies leave the library out of
// the functions, so each loads the checkout's one file.
const UNZIPPED = unzippedFunctions(E2E_COPY_DIR);
const json = { 'Content-Type': 'application/json' };

test('no served function carries a native SQLite library of its own', () => {
  expect(readdirSync(UNZIPPED).length).toBeGreaterThan(10);
  expect([...nativeLibraryCopies(UNZIPPED).functions]).toEqual([]);
});

test('writes through different functions at once all land, and the database stays intact', async ({ request }) => {
  // 36 function calls at once, each in a fresh worker: minutes on a busy two-core machine.
  test.setTimeout(180_000);
  const admin = seedAdminCredentials();
  const signedIn = await request.post('/api/admin/login', {
    headers: json,
    data: { email: admin.email, password: admin.password },
  });
  expect(signedIn.status()).toBe(200);
  const headers = { ...json, Cookie: signedIn.headers()['set-cookie']!.split(';')[0]! };
  const [shipment] = buildSeedShipments().slice(-1);
  const number = shipment!.tracking_number;
  const tag = `Concurrent ${Date.now().toString(36)}`;

  const writes = Array.from({ length: 12 }, (_, i) => [
    request.post('/api/places', {
      headers,
      data: { city: `${tag} ${i}`, country: 'Testland', latitude: i, longitude: i },
    }),
    request.patch(`/api/shipments/${number}`, { headers, data: { notes: `${tag} note ${i}` } }),
    request.put(`/api/tracking/${number}/update`, {
      headers,
      data: { tracking_number: number, status: 'in_transit', note: `${tag} scan ${i}` },
    }),
  ]).flat();
  const answers = await Promise.all(writes);
  for (const answer of answers) expect(answer.status(), `${answer.url()}: ${await answer.text()}`).toBeLessThan(300);

  const db = openE2eDatabase();
  try {
    expect((await db.execute('PRAGMA integrity_check')).rows[0]![0]).toBe('ok');
    const places = await db.execute({
      sql: 'SELECT COUNT(*) AS n FROM gazetteer WHERE name LIKE ?',
      args: [`${tag}%`],
    });
    expect(Number(places.rows[0]!.n)).toBe(12);
  } finally {
    db.close();
  }
  const whole = await request.get(`/api/shipments/${number}`, { headers });
  const { data } = await whole.json();
  expect(data.notes.filter((note: { text: string }) => note.text.startsWith(tag))).toHaveLength(12);
  expect(data.histories.filter((entry: { notes: string | null }) => entry.notes?.startsWith(tag))).toHaveLength(12);
});
