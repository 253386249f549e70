import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { seed } from '../../db/seed';
import { verifyPassword } from '../../netlify/lib/password';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

describe('seed', () => {
  it('holds at least 30 shipments over all five statuses, each with 2 to 6 history entries', async () => {
    const db = await getDb();
    const byStatus = await db.execute('SELECT status, COUNT(*) AS n FROM shipments GROUP BY status');
    expect(byStatus.rows.map((row) => row.status).sort()).toEqual([...SHIPMENT_STATUSES].sort());
    const total = byStatus.rows.reduce((sum, row) => sum + Number(row.n), 0);
    expect(total).toBeGreaterThanOrEqual(30);
    const counts = await db.execute(
      'SELECT s.id, COUNT(h.id) AS n FROM shipments s LEFT JOIN shipment_histories h ON h.shipment_id = s.id GROUP BY s.id',
    );
    for (const row of counts.rows) expect(Number(row.n)).toBeGreaterThanOrEqual(2);
    for (const row of counts.rows) expect(Number(row.n)).toBeLessThanOrEqual(6);
  });

  it('dates every history entry in the past, in order', async () => {
    const db = await getDb();
    const { rows } = await db.execute(
      'SELECT shipment_id, created_at FROM shipment_histories ORDER BY shipment_id, id',
    );
    const now = new Date().toISOString();
    for (const [index, row] of rows.entries()) {
      expect(String(row.created_at) <= now).toBe(true);
      const previous = rows[index - 1];
      if (previous && previous.shipment_id === row.shipment_id)
        expect(String(previous.created_at) <= String(row.created_at)).toBe(true);
    }
  });

  it('inserts shipments oldest first, so id order is creation order (the admin list sorts by id)', async () => {
    const db = await getDb();
    const { rows } = await db.execute('SELECT created_at FROM shipments ORDER BY id');
    const created = rows.map((row) => String(row.created_at));
    expect(created).toEqual([...created].sort());
  });

  it('puts each shipment where its history last placed it', async () => {
    const db = await getDb();
    const { rows } = await db.execute(`
      SELECT s.status, s.destination, s.current_location,
             (SELECT coalesce(h.location_city || ', ', '') || h.location_country FROM shipment_histories h
              WHERE h.shipment_id = s.id ORDER BY h.created_at DESC, h.id DESC LIMIT 1) AS last_place
      FROM shipments s`);
    for (const row of rows) {
      expect(row.current_location).toBe(row.last_place);
      if (row.status === 'delivered') expect(row.current_location).toBe(row.destination);
    }
  });

  it('has varied routes and package types, and the five CUS-#### customers', async () => {
    const db = await getDb();
    const routes = await db.execute('SELECT COUNT(DISTINCT origin || destination) AS n FROM shipments');
    expect(Number(routes.rows[0]!.n)).toBeGreaterThan(20);
    const types = await db.execute('SELECT COUNT(DISTINCT package_type) AS n FROM shipments');
    expect(Number(types.rows[0]!.n)).toBeGreaterThanOrEqual(4);
    const customers = await db.execute('SELECT id FROM customers ORDER BY id');
    expect(customers.rows.map((row) => row.id)).toEqual(['CUS-1001', 'CUS-1002', 'CUS-1003', 'CUS-1004', 'CUS-1005']);
  });

  it('stores the admin password only as a slow salted hash', async () => {
    const db = await getDb();
    const { rows } = await db.execute({
      sql: 'SELECT password_hash FROM admin_users WHERE email = ?',
      args: [TEST_ADMIN.email],
    });
    const hash = String(rows[0]!.password_hash);
    expect(hash).not.toContain(TEST_ADMIN.password);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(await verifyPassword(TEST_ADMIN.password, hash)).toBe(true);
    expect(await verifyPassword('wrong password', hash)).toBe(false);
  });

  it('changes nothing when run again', async () => {
    const db = await getDb();
    const count = async () =>
      (
        await db.execute(
          'SELECT (SELECT COUNT(*) FROM shipments) + (SELECT COUNT(*) FROM shipment_histories) * 1000 + (SELECT COUNT(*) FROM admin_users) * 1000000 AS n',
        )
      ).rows[0]!.n;
    const before = await count();
    const result = await seed(db, { adminEmail: TEST_ADMIN.email, adminPassword: 'another password entirely' });
    expect(result).toMatchObject({ shipments: 0, adminCreated: false });
    expect(await count()).toBe(before);
  });
});
