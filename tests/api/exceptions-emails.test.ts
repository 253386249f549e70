import { beforeAll, describe, expect, it } from 'vitest';
import updateStatus from '../../netlify/functions/shipments-update-status';
import { renderEmail } from '../../netlify/lib/emails';
import { readCompany } from '../../netlify/lib/notification-settings';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { hoursAgo, shipmentWith } from '../helpers/exceptions';
import { apiRequest, call, SITE } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const inDays = (days: number) => addDays(dateIn(company.timeZone, Date.now()), days);
const setStatus = (number: string, body: Record<string, unknown>) =>
  call(
    updateStatus,
    apiRequest(`/api/tracking/${number}/update`, {
      method: 'PUT',
      json: { tracking_number: number, ...body },
      headers: withSession(cookie),
    }),
    { trackingNumber: number },
  );

describe('the status email', () => {
  it('says the new status, the reason in plain words, and where to collect the parcel', async () => {
    const db = await getDb();
    const number = await shipmentWith(db, [{ status: 'out_for_delivery', at: hoursAgo(2) }], {
      recipient_mail: 'mail-reader@example.com',
    });
    expect((await setStatus(number, { status: 'delivery_failed', reason: 'no_safe_place' })).status).toBe(200);
    const held = await setStatus(number, {
      status: 'available_for_pickup',
      pickup_depot: 'london',
      pickup_until: inDays(4),
    });
    expect(held.status).toBe(200);
    const { rows } = await db.execute({
      sql: `SELECT audience, payload FROM outbox WHERE tracking_number = ? AND kind = 'status_update'
              AND recipient = 'mail-reader@example.com' ORDER BY id`,
      args: [number],
    });
    const settings = await readCompany(db);
    const [failed, pickup] = rows.map((row) =>
      renderEmail('status_update', 'customer', JSON.parse(String(row.payload)), settings, { site: SITE, token: null }),
    );
    expect(failed!.subject).toBe(`Your shipment ${number} is now Delivery Attempt Failed`);
    expect(failed!.text).toContain('Reason: No safe place to leave it');
    expect(pickup!.subject).toBe(`Your shipment ${number} is now Available for Pickup`);
    expect(pickup!.text).toContain('Collect it at our London depot (40 Bank Street, Canary Wharf, London E14 5NR)');
    expect(pickup!.text).toContain('bring ID');
    expect(pickup!.text).not.toContain('Reason:');
  });
});
