import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../netlify/lib/password';
import { DEMO_DRIVER, prepareDemoDriver } from '../../scripts/lib/demo-driver';
import { company } from '../../src/data/company';
import { dateIn } from '../../src/lib/company-day';
import { FINAL_STATUSES } from '../../src/lib/shipment-status';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });

describe('the demo driver of npm start', () => {
  it('is a driver with the given password and a run of the day of shipments still to deliver, made once', async () => {
    const db = await getDb();
    const now = Date.now();
    await prepareDemoDriver(db, TEST_ADMIN.email, 'the local default password', now);
    const account = await db.execute({
      sql: 'SELECT id, role, name, password_hash FROM admin_users WHERE email = ?',
      args: [DEMO_DRIVER.email],
    });
    expect(account.rows).toHaveLength(1);
    expect(account.rows[0]).toMatchObject({ role: 'driver', name: DEMO_DRIVER.name });
    expect(await verifyPassword('the local default password', String(account.rows[0]?.password_hash))).toBe(true);

    const stops = async () =>
      (
        await db.execute({
          sql: `SELECT r.run_date, rs.position, s.status FROM runs r JOIN run_stops rs ON rs.run_id = r.id
                JOIN shipments s ON s.id = rs.shipment_id WHERE r.driver_id = ? ORDER BY r.run_date, rs.position`,
          args: [Number(account.rows[0]?.id)],
        })
      ).rows.map((row) => ({ ...row }));
    const first = await stops();
    expect(first.map((stop) => stop.position)).toEqual([1, 2, 3]);
    const today = dateIn(company.timeZone, now);
    for (const stop of first) {
      expect(stop.run_date).toBe(today);
      expect(FINAL_STATUSES).not.toContain(stop.status);
    }
    // Assigned by the admin, as the audit trail shows.
    const entries = await db.execute({
      sql: "SELECT actor_email FROM activity_log WHERE details = ? AND action = 'stop_assigned'",
      args: [`Run of ${DEMO_DRIVER.name} on ${today}`],
    });
    expect(entries.rows.map((row) => row.actor_email)).toEqual(Array(3).fill(TEST_ADMIN.email));

    // Started again the same day: the same driver, the same run.
    await prepareDemoDriver(db, TEST_ADMIN.email, 'another password', now);
    expect(await stops()).toEqual(first);
    const again = await db.execute({
      sql: 'SELECT password_hash FROM admin_users WHERE email = ?',
      args: [DEMO_DRIVER.email],
    });
    expect(again.rows[0]?.password_hash).toBe(account.rows[0]?.password_hash);
  });
});
