import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 030 on a database with shipments: each shipment becomes one piece carrying its weight (delivered
 * when the shipment is), so nothing changes for them; shipments made afterwards get their first piece too.
 */

const getDb = useTestDatabase({ migrate: false });

describe('migration 030 (pieces)', () => {
  it('gives every shipment one piece of its weight, and every new shipment its first piece', async () => {
    const db = await getDb();
    await migrateBefore(db, '030');
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    const before = (await db.execute('SELECT id, weight, status, updated_at FROM shipments ORDER BY id')).rows;
    expect(before.length).toBeGreaterThan(30);
    expect(before.some((row) => row.status === 'delivered')).toBe(true);

    expect(await migrate(db)).toContain('030-pieces.sql');
    const pieces = (
      await db.execute('SELECT shipment_id, number, weight, delivered_at FROM shipment_pieces ORDER BY shipment_id')
    ).rows;
    expect(pieces.map((piece) => ({ ...piece }))).toEqual(
      before.map((row) => ({
        shipment_id: row.id,
        number: 1,
        weight: row.weight,
        delivered_at: row.status === 'delivered' ? row.updated_at : null,
      })),
    );
    // The shipments themselves are as they were.
    expect((await db.execute('SELECT id, weight, status, updated_at FROM shipments ORDER BY id')).rows).toEqual(before);

    // A shipment inserted by any path gets piece 1 of its weight; a piece number is the shipment's once.
    await db.execute(`INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address,
                        origin, destination, weight, created_at, updated_at)
                      VALUES ('NECMIG030001', 'processing', 'A', 'B', 'Paris, France', 'London', 'Paris, France', 7.5,
                              '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z')`);
    const fresh = await db.execute(
      `SELECT p.number, p.weight, p.delivered_at FROM shipment_pieces p JOIN shipments s ON s.id = p.shipment_id
       WHERE s.tracking_number = 'NECMIG030001'`,
    );
    expect(fresh.rows.map((row) => ({ ...row }))).toEqual([{ number: 1, weight: 7.5, delivered_at: null }]);
    await expect(
      db.execute(`INSERT INTO shipment_pieces (shipment_id, number)
                  SELECT id, 1 FROM shipments WHERE tracking_number = 'NECMIG030001'`),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    await expect(
      db.execute(`INSERT INTO shipment_pieces (shipment_id, number)
                  SELECT id, 0 FROM shipments WHERE tracking_number = 'NECMIG030001'`),
    ).rejects.toThrow(/CHECK constraint failed/);

    // Delivered as a whole, every piece is delivered; reopened, they are out again.
    await db.execute(`UPDATE shipments SET status = 'delivered', updated_at = '2026-11-21T00:00:00.000Z'
                      WHERE tracking_number = 'NECMIG030001'`);
    const delivered = await db.execute(
      `SELECT p.delivered_at FROM shipment_pieces p JOIN shipments s ON s.id = p.shipment_id
       WHERE s.tracking_number = 'NECMIG030001'`,
    );
    expect(delivered.rows[0]!.delivered_at).toBe('2026-11-21T00:00:00.000Z');
    await db.execute(`UPDATE shipments SET status = 'in_transit' WHERE tracking_number = 'NECMIG030001'`);
    const reopened = await db.execute(
      `SELECT p.delivered_at FROM shipment_pieces p JOIN shipments s ON s.id = p.shipment_id
       WHERE s.tracking_number = 'NECMIG030001'`,
    );
    expect(reopened.rows[0]!.delivered_at).toBeNull();
  });
});
