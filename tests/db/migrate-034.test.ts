import type { Client } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 034 rebuilds quote requests, pickups and places so that a deleted row's id is never handed out
 * again: every row (and every quote offer, which cascades from its request) is kept as it was.
 */

const getDb = useTestDatabase({ migrate: false });

const TABLES = ['quote_requests', 'quote_offers', 'pickups', 'gazetteer'] as const;

async function everything(db: Client) {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    all[table] = (await db.execute(`SELECT * FROM ${table} ORDER BY id`)).rows.map((row) => ({ ...row }));
  }
  return all;
}

const NOW = '2026-11-27T08:00:00.000Z';

async function fill(db: Client) {
  await db.batch(
    [
      `INSERT INTO quote_requests (id, name, email, service, created_at, updated_at)
       VALUES (1, 'Ann', 'ann@example.com', 'Air Freight', '${NOW}', '${NOW}'),
              (2, 'Bo', 'bo@example.com', 'Sea Freight', '${NOW}', '${NOW}')`,
      `INSERT INTO quote_offers (quote_request_id, amount_cents, currency, valid_until, expires_at, origin, destination,
         token_hash, sent_by_email, created_at)
       VALUES (2, 12500, 'USD', '2026-12-31', '2027-01-01T05:00:00.000Z', 'Oslo', 'Lima', 'offer-hash',
         'staff@example.com', '${NOW}')`,
      `INSERT INTO pickups (id, name, email, phone, address, city, pickup_date, pickup_window, window_start, pieces,
         weight_kg, token_hash, created_at, updated_at)
       VALUES (1, 'Cy', 'cy@example.com', '+1 916 555 0142', '1 Dock Road', 'Sacramento', '2026-12-01', '09-12',
         '2026-12-01T17:00:00.000Z', 2, 4.5, 'pickup-1', '${NOW}', '${NOW}'),
              (2, 'Di', 'di@example.com', '+1 916 555 0143', '2 Dock Road', 'Sacramento', '2026-12-02', '12-15',
         '2026-12-02T20:00:00.000Z', 1, 1, 'pickup-2', '${NOW}', '${NOW}')`,
      `INSERT INTO gazetteer (name, latitude, longitude) VALUES ('Test Harbour', 59.91, 10.75), ('Test Quay', -12.05, -77.04)`,
    ],
    'write',
  );
}

describe('migration 034 (ids never reused)', () => {
  it('keeps every request, offer, pickup and place, and a deleted highest id is not handed out again', async () => {
    const db = await getDb();
    await migrateBefore(db, '034');
    await fill(db);
    const before = await everything(db);
    expect(before.quote_offers).toHaveLength(1);

    expect(await migrate(db)).toContain('034-ids-never-reused.sql');
    expect(await everything(db)).toEqual(before);
    // Each table's highest row deleted: the next row gets the id after it, not the same again.
    const highest = await db.batch(
      ['quote_requests', 'pickups', 'gazetteer'].map((table) => `SELECT max(id) AS id FROM ${table}`),
      'read',
    );
    // The offer still belongs to its request: deleting the request deletes it.
    await db.execute('DELETE FROM quote_requests WHERE id = 2');
    expect((await db.execute('SELECT count(*) AS n FROM quote_offers')).rows[0]?.n).toBe(0);

    await db.batch(['DELETE FROM pickups WHERE id = 2', "DELETE FROM gazetteer WHERE name = 'Test Quay'"], 'write');
    const next = await db.batch(
      [
        `INSERT INTO quote_requests (name, email, service) VALUES ('Ed', 'ed@example.com', 'Air Freight') RETURNING id`,
        `INSERT INTO pickups (name, email, phone, address, city, pickup_date, pickup_window, window_start, pieces,
           weight_kg, token_hash, created_at, updated_at)
         VALUES ('Ed', 'ed@example.com', '+1 916 555 0144', '3 Dock Road', 'Sacramento', '2026-12-03', '09-12',
           '2026-12-03T17:00:00.000Z', 1, 1, 'pickup-3', '${NOW}', '${NOW}') RETURNING id`,
        `INSERT INTO gazetteer (name, latitude, longitude) VALUES ('Test Pier', -0.18, -78.47) RETURNING id`,
      ],
      'write',
    );
    expect(next.map((result) => Number(result.rows[0]?.id))).toEqual(
      highest.map((result) => Number(result.rows[0]?.id) + 1),
    );
  });
});
