import { describe, expect, it } from 'vitest';
import { weightLimitsKg } from '@/data/services';
import { SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { seed } from '../../db/seed';
import { SEED_CITY_FACTS, SEED_STATUS_COUNTS, type SeedCity } from '../../db/seed-data';
import { newHashParams, readHash, verifyPassword } from '../../netlify/lib/password';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

describe('seed', () => {
  it('holds at least 30 shipments over the five trunk statuses, each with 2 to 6 history entries', async () => {
    const db = await getDb();
    const byStatus = await db.execute('SELECT status, COUNT(*) AS n FROM shipments GROUP BY status');
    expect(byStatus.rows.map((row) => row.status).sort()).toEqual(
      SHIPMENT_STATUSES.filter((status) => SEED_STATUS_COUNTS[status]).sort(),
    );
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

  it('keeps every parcel within the weight its service takes', async () => {
    const db = await getDb();
    const { rows } = await db.execute('SELECT package_type, weight FROM shipments');
    const weights = (type: string) => rows.filter((row) => row.package_type === type).map((row) => Number(row.weight));
    expect(weights('Standard').length).toBeGreaterThan(0);
    for (const kg of weights('Standard')) expect(kg).toBeLessThanOrEqual(weightLimitsKg.standard);
    for (const kg of weights('Express')) expect(kg).toBeLessThanOrEqual(weightLimitsKg.express);
    for (const kg of weights('Heavy Freight')) expect(kg).toBeGreaterThanOrEqual(weightLimitsKg.heavyFreightFrom);
  });

  it('routes every shipment the way freight goes: through places on the way, by sea only between ports overseas', async () => {
    const db = await getDb();
    const gazetteer = await db.execute('SELECT name, latitude, longitude FROM gazetteer');
    const where = new Map(
      gazetteer.rows.map((row) => [String(row.name), [Number(row.latitude), Number(row.longitude)]]),
    );
    for (const [city, facts] of Object.entries(SEED_CITY_FACTS))
      expect(where.get(city)).toEqual([facts.latitude, facts.longitude]);
    const km = (from: string, to: string) => {
      const [lat1, lon1] = where.get(from)!.map((degrees) => (degrees * Math.PI) / 180) as [number, number];
      const [lat2, lon2] = where.get(to)!.map((degrees) => (degrees * Math.PI) / 180) as [number, number];
      const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    const { rows } = await db.execute(`
      SELECT s.origin, s.destination, s.delivery_method,
             (SELECT json_group_array(coalesce(h.location_city || ', ', '') || h.location_country)
              FROM (SELECT * FROM shipment_histories WHERE shipment_id = s.id ORDER BY created_at, id) h) AS places
      FROM shipments s`);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      const origin = String(row.origin) as SeedCity;
      const destination = String(row.destination) as SeedCity;
      const stops = [...(JSON.parse(String(row.places)) as string[]), destination].filter(
        (place, index, all) => place !== all[index - 1],
      );
      const length = stops.slice(1).reduce((sum, place, index) => sum + km(stops[index]!, place), 0);
      // A hub may lengthen the trip by a quarter at most: Mumbai to Singapore never goes through Toronto.
      expect(length, stops.join(' > ')).toBeLessThanOrEqual(km(origin, destination) * 1.25);
      const [from, to] = [SEED_CITY_FACTS[origin], SEED_CITY_FACTS[destination]];
      const route = `${origin} to ${destination} by ${row.delivery_method}`;
      if (row.delivery_method === 'Sea freight')
        expect(from.port && to.port && from.land !== to.land, route).toBe(true);
      if (row.delivery_method === 'Road freight') expect(from.land, route).toBe(to.land);
      if (row.delivery_method === 'Same-day courier') expect(km(origin, destination), route).toBeLessThanOrEqual(500);
    }
  });

  it('stores the admin password only as a salted hash', async () => {
    const db = await getDb();
    const { rows } = await db.execute({
      sql: 'SELECT password_hash FROM admin_users WHERE email = ?',
      args: [TEST_ADMIN.email],
    });
    const hash = String(rows[0]!.password_hash);
    expect(hash).not.toContain(TEST_ADMIN.password);
    expect(readHash(hash)?.params).toEqual(newHashParams());
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
