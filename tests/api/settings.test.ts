import { beforeAll, describe, expect, it } from 'vitest';
import settingsClosedDays from '../../netlify/functions/settings-closed-days-read-save';
import settingsCompany from '../../netlify/functions/settings-company-read-save';
import settingsNotifications from '../../netlify/functions/settings-notifications-read-save';
import { getCompanySettings } from '../../netlify/lib/settings';
import { company } from '../../src/data/company';
import { SHIPMENT_STATUSES } from '../../src/lib/shipment-status';
import { signIn, withSession } from '../helpers/admin-session';
import { bookPickupFor, nextPickupDay } from '../helpers/pickups';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const get = (handler: typeof settingsCompany, path: string) =>
  call(handler, apiRequest(path, { headers: withSession(cookie) }));
const put = (handler: typeof settingsCompany, path: string, json: unknown) =>
  call(handler, apiRequest(path, { method: 'PUT', json, headers: withSession(cookie) }));
const getCompany = () => get(settingsCompany, '/api/settings/company');
const putCompany = (json: unknown) => put(settingsCompany, '/api/settings/company', json);
const getNotifications = () => get(settingsNotifications, '/api/settings/notifications');
const putNotifications = (json: unknown) => put(settingsNotifications, '/api/settings/notifications', json);
const getClosedDays = () => get(settingsClosedDays, '/api/settings/closed-days');
const putClosedDays = (json: unknown) => put(settingsClosedDays, '/api/settings/closed-days', json);

/** A section as before anyone saved it, whichever test of this file saved it before. */
const unsaved = async (section: string) =>
  (await getDb()).execute({ sql: 'DELETE FROM settings WHERE key = ?', args: [section] });

async function settingsActivity() {
  const db = await getDb();
  const { rows } = await db.execute(
    "SELECT actor_email, subject_id, details FROM activity_log WHERE action = 'settings_changed' ORDER BY id",
  );
  return rows.map((row) => ({ ...row }));
}

const COMPANY = {
  company_name: 'Northeast Express Cargo LLC',
  website: 'www.nec-cargo.example',
  email: 'office@nec-cargo.example',
  phone: '+1 (916) 555-0100',
  address: '1500 Capitol Mall, Suite 200',
  city: 'Sacramento',
  state: 'CA',
  postal_code: '95814',
  time_zone: 'America/Los_Angeles',
};

describe('Settings > General (company information)', () => {
  it("answers the site's own company details until saved", async () => {
    await unsaved('company');
    const { status, body } = await getCompany();
    expect(status).toBe(200);
    expect(body.data).toEqual({
      company_name: company.name,
      website: company.website,
      email: company.emails.support,
      phone: company.phone,
      address: company.address.street,
      city: company.address.city,
      state: company.address.region,
      postal_code: company.address.postalCode,
      // The headquarters' zone until one is saved.
      time_zone: 'America/Los_Angeles',
    });
    expect(body.meta).toEqual({ updated_at: null, updated_by: null });
  });

  it('saves the details (a bare website gets https://), keeps them, and logs what changed', async () => {
    await unsaved('company');
    const earlier = (await settingsActivity()).length;
    const saved = await putCompany(COMPANY);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...COMPANY, website: 'https://www.nec-cargo.example' });
    expect(saved.body.meta.updated_by).toBe(TEST_ADMIN.email);
    const read = await getCompany();
    expect(read.body).toEqual(saved.body);
    expect(await getCompanySettings(await getDb())).toEqual(saved.body.data);
    expect((await settingsActivity()).slice(earlier)).toEqual([
      {
        actor_email: TEST_ADMIN.email,
        subject_id: 'company',
        details: 'Company information: Company Name, Email, Address',
      },
    ]);
    // Saving the same again writes and logs nothing.
    await putCompany(COMPANY);
    expect((await settingsActivity()).slice(earlier)).toHaveLength(1);
    // Clearing the optional fields stores them as empty.
    const cleared = await putCompany({ ...COMPANY, website: '', state: ' ', postal_code: '' });
    expect(cleared.body.data).toMatchObject({ website: null, state: null, postal_code: null });
    expect((await settingsActivity()).at(-1)!.details).toBe(
      'Company information: Website, State/Province, Zip/Postal Code',
    );
  });

  it('answers 422 naming each invalid field and saves nothing', async () => {
    const before = await getCompany();
    const { status, body } = await putCompany({
      company_name: ' ',
      website: 'ftp://files.example',
      email: 'not-an-email',
      phone: '12',
      address: '',
      postal_code: '95814!',
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual([
      'address',
      'city',
      'company_name',
      'email',
      'phone',
      'postal_code',
      'time_zone',
      'website',
    ]);
    expect(body.errors.time_zone).toEqual(['Must be a time zone such as America/Los_Angeles or Europe/London']);
    expect(body.errors.company_name).toEqual(['Company name is required']);
    expect(body.errors.city).toEqual(['City is required']);
    expect((await getCompany()).body).toEqual(before.body);
  });

  it('is one transaction: a failing activity entry leaves the saved details as they were', async () => {
    const before = await getCompany();
    const db = await getDb();
    await db.execute(
      "CREATE TRIGGER fail_activity BEFORE INSERT ON activity_log BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    try {
      expect((await putCompany({ ...COMPANY, city: 'Elsewhere' })).status).toBe(503);
    } finally {
      await db.execute('DROP TRIGGER fail_activity');
    }
    expect((await getCompany()).body).toEqual(before.body);
  });
});

describe('Settings > Notifications', () => {
  it('answers the default switches until saved', async () => {
    await unsaved('notifications');
    const { body } = await getNotifications();
    expect(body.data).toEqual({
      new_shipment: true,
      status_updates: true,
      new_customer: false,
      daily_summary: true,
      new_quote_request: true,
      recipient_statuses: [...SHIPMENT_STATUSES],
    });
    expect(body.meta.updated_at).toBeNull();
  });

  it('saves the switches, keeps them, and logs each one turned', async () => {
    await unsaved('notifications');
    const saved = await putNotifications({
      new_shipment: true,
      status_updates: true,
      new_customer: true,
      daily_summary: false,
      new_quote_request: true,
    });
    expect(saved.status).toBe(200);
    expect((await getNotifications()).body.data).toMatchObject({
      new_shipment: true,
      status_updates: true,
      new_customer: true,
      daily_summary: false,
      new_quote_request: true,
    });
    expect((await settingsActivity()).at(-1)).toEqual({
      actor_email: TEST_ADMIN.email,
      subject_id: 'notifications',
      details: 'Email notifications: New Customer Registration on, Daily Summary Report off',
    });
  });

  it('answers 422 for a missing or non-boolean switch', async () => {
    const { status, body } = await putNotifications({ new_shipment: 'yes', status_updates: true, new_customer: false });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['daily_summary', 'new_quote_request', 'new_shipment']);
  });
});

describe('Settings > General (closed days)', () => {
  it('answers none until saved; saves them sorted, each once, and logs the list', async () => {
    await unsaved('closed_days');
    const none = await getClosedDays();
    expect(none.body).toMatchObject({ data: { days: [] }, meta: { updated_at: null } });

    const saved = await putClosedDays({ days: ['2027-12-25', '2027-01-01', '2027-12-25'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ days: ['2027-01-01', '2027-12-25'] });
    expect((await getClosedDays()).body).toMatchObject({
      data: { days: ['2027-01-01', '2027-12-25'] },
      meta: { updated_by: TEST_ADMIN.email },
    });
    expect((await settingsActivity()).at(-1)).toEqual({
      actor_email: TEST_ADMIN.email,
      subject_id: 'closed_days',
      details: 'Closed days: closed on 2027-01-01, 2027-12-25',
    });
  });

  it('names the closed days to come on which pickups are still booked, with how many', async () => {
    const day = nextPickupDay();
    const book = (name: string) => bookPickupFor(name, `${name.toLowerCase()}.${Date.now()}@example.com`, day);
    const ids: number[] = [];
    for (const name of ['Bea', 'Cy', 'Di', 'Eve']) {
      const booked = await book(name);
      expect(booked.status).toBe(201);
      ids.push(booked.body.data.id);
    }
    const db = await getDb();
    // Di cancelled; Eve's pickup was on a day now past (the same closed list names it).
    await db.execute({
      sql: "UPDATE pickups SET status = 'cancelled', cancelled_at = updated_at WHERE id = ?",
      args: [ids[2]!],
    });
    await db.execute({ sql: "UPDATE pickups SET pickup_date = '2026-01-02' WHERE id = ?", args: [ids[3]!] });

    const saved = await putClosedDays({ days: [day, '2026-01-02'] });
    expect(saved.body.booked).toEqual([{ date: day, pickups: 2 }]);
    expect((await getClosedDays()).body.booked).toEqual([{ date: day, pickups: 2 }]);
    expect((await putClosedDays({ days: ['2026-01-02'] })).body.booked).toEqual([]);
  });

  it('answers 422 naming a day that is no date, or too many days, and saves nothing', async () => {
    const before = (await getClosedDays()).body;
    const bad = await putClosedDays({ days: ['2027-02-30', 'Christmas'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'days.0': ['Must be a real calendar date'],
      'days.1': ['Must be a date as YYYY-MM-DD'],
    });
    const many = Array.from({ length: 101 }, (_, day) =>
      new Date(Date.UTC(2028, 0, 1 + day)).toISOString().slice(0, 10),
    );
    const tooMany = await putClosedDays({ days: many });
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['days']);
    expect((await putClosedDays({})).body.errors).toEqual({ days: ['Must be a list of dates'] });
    expect((await getClosedDays()).body).toEqual(before);
  });
});
