import type { Client } from '@libsql/client';
import { z } from 'zod';
import { memberAccountStatement } from '../../netlify/lib/admin-users';
import { decodeFirst, decodeRows } from '../../netlify/lib/rows';
import { assignReads, assignStops } from '../../netlify/lib/runs';
import { readSettings } from '../../netlify/lib/settings';
import { placeholders } from '../../netlify/lib/sql';
import { dateIn } from '../../src/lib/company-day';
import { FINAL_STATUSES } from '../../src/lib/shipment-status';

/** The local product's driver: the driver's screen (/driver) has someone to sign in as on a first start. */
export const DEMO_DRIVER = { email: 'driver@nec-cargo.example', name: 'Dana Driver' } as const;
/** Stops on the demo driver's run of the day. */
const DEMO_STOPS = 3;

const idRow = z.object({ id: z.number().int() });
const numberRow = z.object({ tracking_number: z.string() });

/**
 * Makes the demo driver with `password` unless the account exists, and, when the driver has no run today (the
 * company's day), puts up to DEMO_STOPS shipments still to be delivered and on no run on one, assigned by the
 * admin `adminEmail`. Running it again changes nothing on the same day.
 */
export async function prepareDemoDriver(db: Client, adminEmail: string, password: string, now = Date.now()) {
  const known = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [DEMO_DRIVER.email] });
  // Hashing takes a while, so only when the account is missing.
  if (known.rows.length === 0) {
    await db.execute(
      await memberAccountStatement(DEMO_DRIVER.email, password, { role: 'driver', name: DEMO_DRIVER.name }),
    );
  }
  const today = dateIn((await readSettings(db, 'company')).data.time_zone, now);
  const [driver, admin, run, free] = await db.batch(
    [
      { sql: "SELECT id FROM admin_users WHERE email = ? AND role = 'driver'", args: [DEMO_DRIVER.email] },
      { sql: "SELECT id FROM admin_users WHERE email = ? AND role = 'admin'", args: [adminEmail] },
      {
        sql: 'SELECT r.id FROM runs r JOIN admin_users u ON u.id = r.driver_id WHERE u.email = ? AND r.run_date = ?',
        args: [DEMO_DRIVER.email, today],
      },
      {
        sql: `SELECT s.tracking_number FROM shipments s WHERE s.status NOT IN (${placeholders(FINAL_STATUSES)})
                AND NOT EXISTS (SELECT 1 FROM run_stops rs WHERE rs.shipment_id = s.id)
              ORDER BY s.status = 'in_transit' DESC, s.id DESC LIMIT ?`,
        args: [...FINAL_STATUSES, DEMO_STOPS],
      },
    ],
    'read',
  );
  const driverId = decodeFirst(idRow, driver?.rows ?? [])?.id;
  const adminId = decodeFirst(idRow, admin?.rows ?? [])?.id;
  const numbers = decodeRows(numberRow, free?.rows ?? []).map((row) => row.tracking_number);
  // An account of that email with another role, an admin renamed, a run already made, nothing left to deliver.
  if (driverId === undefined || adminId === undefined || (run?.rows.length ?? 0) > 0 || numbers.length === 0) return;
  const body = { driver_id: driverId, run_date: today, tracking_numbers: numbers };
  const actor = { id: adminId, email: adminEmail, role: 'admin' as const, address: 'npm start' };
  await assignStops(db, body, await db.batch(assignReads(body), 'read'), actor, now);
}
