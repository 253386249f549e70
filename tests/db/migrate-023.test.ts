import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { migrateBefore } from '../helpers/migrations';
import { useTestDatabase } from '../helpers/test-db';

/**
 * Migration 023 on a database with shipments: each status column is replaced, so every shipment and history
 * entry must keep its status, the search and place triggers keep working, and the new statuses fit.
 */

const getDb = useTestDatabase({ migrate: false });

const statuses = async (db: Awaited<ReturnType<typeof getDb>>, table: 'shipments' | 'shipment_histories') =>
  (await db.execute(`SELECT id, status FROM ${table} ORDER BY id`)).rows.map((row) => ({ ...row }));

describe('migration 023 (last mile)', () => {
  it('keeps every status, then takes the last-mile ones with a reason where it belongs', async () => {
    const db = await getDb();
    await migrateBefore(db, '023');
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    const shipmentsBefore = await statuses(db, 'shipments');
    const historiesBefore = await statuses(db, 'shipment_histories');
    expect(shipmentsBefore.length).toBeGreaterThan(30);

    expect(await migrate(db)).toContain('023-last-mile.sql');
    expect(await statuses(db, 'shipments')).toEqual(shipmentsBefore);
    expect(await statuses(db, 'shipment_histories')).toEqual(historiesBefore);
    const indexes = await db.execute(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND name IN ('shipments_status', 'shipments_status_type', 'shipment_histories_status_time')",
    );
    expect(indexes.rows).toHaveLength(3);

    const id = Number(shipmentsBefore[0]!.id);
    await db.execute({ sql: "UPDATE shipments SET status = 'out_for_delivery' WHERE id = ?", args: [id] });
    await db.execute({
      sql: "INSERT INTO shipment_histories (shipment_id, status, reason) VALUES (?, 'delivery_failed', 'recipient_not_home')",
      args: [id],
    });
    await expect(
      db.execute({ sql: "UPDATE shipments SET status = 'lost_in_space' WHERE id = ?", args: [id] }),
    ).rejects.toThrow(/CHECK constraint failed/);
    await expect(
      db.execute({
        sql: "INSERT INTO shipment_histories (shipment_id, status, reason) VALUES (?, 'exception', 'aliens')",
        args: [id],
      }),
    ).rejects.toThrow(/CHECK constraint failed/);
    // The search index still follows the shipments table.
    const found = await db.execute({
      sql: 'SELECT count(*) AS n FROM shipments_search WHERE shipments_search MATCH ?',
      args: [
        `"${String((await db.execute({ sql: 'SELECT tracking_number FROM shipments WHERE id = ?', args: [id] })).rows[0]!.tracking_number)}"`,
      ],
    });
    expect(Number(found.rows[0]!.n)).toBe(1);
  });
});
