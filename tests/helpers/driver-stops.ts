import type { Client } from '@libsql/client';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { getCompanyZone } from '../../netlify/lib/settings';
import { historyEntryStatement, insertShipmentStatement } from '../../netlify/lib/shipment-statements';
import { dateIn } from '../../src/lib/company-day';
import { generateTrackingNumber } from '../../src/lib/tracking-number';

/**
 * A driver with a run of stops, written straight into the tables (the runs screen is another module's):
 * the account, fresh shipments, a run for the date (today in the company's day unless told) and its
 * stops in order. Answers the driver's id and the stops' tracking numbers, first stop first.
 */
export async function driverWithStops(
  db: Client,
  options: { email: string; password: string; stops: number; date?: string },
): Promise<{ driverId: number; numbers: string[]; date: string }> {
  await setAdminPassword(db, options.email, options.password, 'driver');
  const date = options.date ?? dateIn(await getCompanyZone(db), Date.now());
  const numbers = Array.from({ length: options.stops }, () => generateTrackingNumber());
  const created = new Date(Date.now() - 3_600_000).toISOString();
  await db.batch(
    [
      {
        sql: `INSERT INTO runs (driver_id, run_date) SELECT id, ? FROM admin_users WHERE email = ?
              ON CONFLICT (driver_id, run_date) DO NOTHING`,
        args: [date, options.email],
      },
      ...numbers.flatMap((number, index) => [
        insertShipmentStatement({
          tracking_number: number,
          status: 'in_transit',
          sender_name: 'Sender Co',
          recipient_name: `Recipient ${index + 1}`,
          recipient_address: `${index + 1} Elm Street, Sacramento`,
          recipient_phone: `+1 916 555 01${String(index).padStart(2, '0')}`,
          origin: 'Portland, USA',
          destination: 'Sacramento, USA',
          created_at: created,
          updated_at: created,
        }),
        historyEntryStatement(number, { status: 'in_transit', notes: null, created_at: created }),
        {
          sql: `INSERT INTO run_stops (shipment_id, run_id, position)
                SELECT s.id, r.id, (SELECT count(*) + 1 FROM run_stops WHERE run_id = r.id)
                FROM shipments s, runs r JOIN admin_users u ON u.id = r.driver_id
                WHERE s.tracking_number = ? AND u.email = ? AND r.run_date = ?`,
          args: [number, options.email, date],
        },
      ]),
    ],
    'write',
  );
  const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [options.email] });
  return { driverId: Number(rows[0]?.id), numbers, date };
}
