import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import auditExport from '../../netlify/functions/audit-export';
import auditList from '../../netlify/functions/audit-list';
import customers from '../../netlify/functions/customers-list-create';
import settingsAudit from '../../netlify/functions/settings-audit-read-save';
import updateStatus from '../../netlify/functions/shipments-update-status';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { purgeAudit } from '../../netlify/lib/audit';
import { getCompanyZone } from '../../netlify/lib/settings';
import { addDays, dayStart } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const number = buildSeedShipments()[0]!.tracking_number;
const DISPATCHER = { email: 'dispatch@nec-cargo.example', password: 'a dispatcher signs in with this' };
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  const db = await getDb();
  await setAdminPassword(db, DISPATCHER.email, DISPATCHER.password, 'dispatcher');
  admin = await signIn();
  dispatcher = await signIn(DISPATCHER);
});

const from = (address: string, cookie = admin) => withSession(cookie, { 'x-nf-client-connection-ip': address });
const list = (query: Record<string, string>, cookie = admin) =>
  call(auditList, apiRequest(`/api/audit?${new URLSearchParams(query)}`, { headers: withSession(cookie) }));
const exported = (query: Record<string, string>, cookie = admin) =>
  call(auditExport, apiRequest(`/api/audit/export?${new URLSearchParams(query)}`, { headers: withSession(cookie) }));

/** Entries written straight into the log (the filters' fixtures): actor, action and time each given. */
async function insertEntries(
  entries: Array<{ actor: string; action?: string; at?: string; subject?: [string, string]; details?: string }>,
) {
  const db = await getDb();
  for (const entry of entries) {
    await db.execute({
      sql: `INSERT INTO activity_log (actor_email, actor_role, actor_address, action, subject_type, subject_id, details, created_at)
            VALUES (?, 'admin', '192.0.2.9', ?, ?, ?, ?, ?)`,
      args: [
        entry.actor,
        entry.action ?? 'customer_updated',
        entry.subject?.[0] ?? null,
        entry.subject?.[1] ?? null,
        entry.details ?? null,
        entry.at ?? new Date().toISOString(),
      ],
    });
  }
}

describe('every write records the role and address of its actor', () => {
  it('a session write: the staff member, their role and the request address', async () => {
    const created = await call(
      customers,
      apiRequest('/api/customers', { json: { name: 'Audited Freight' }, headers: from('203.0.113.7', dispatcher) }),
    );
    expect(created.status).toBe(201);
    const { body } = await list({ action: 'customer_created', subject: created.body.data.id });
    expect(body.data).toEqual([
      expect.objectContaining({
        actor: DISPATCHER.email,
        actor_role: 'dispatcher',
        address: '203.0.113.7',
        subject_type: 'customer',
        subject_id: created.body.data.id,
      }),
    ]);
    const signIns = await list({ action: 'login', actor: DISPATCHER.email.toUpperCase() });
    expect(signIns.body.data[0]).toMatchObject({ actor_role: 'dispatcher', address: expect.any(String) });
  });

  it('a device key write: the key by name, no role, the device address', async () => {
    const key = await call(
      apiKeys,
      apiRequest('/api/api-keys', { json: { name: 'Gate 4' }, headers: withSession(admin) }),
    );
    const moved = await updateStatus(
      new Request(`http://localhost:8888/api/tracking/${number}/update`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${key.body.data.key}`,
          'Content-Type': 'application/json',
          'x-nf-client-connection-ip': '198.51.100.44',
        },
        body: JSON.stringify({ tracking_number: number, status: 'on_hold', note: 'Held at the gate' }),
      }),
      { params: { trackingNumber: number } },
    );
    expect(moved.status).toBe(200);
    const { body } = await list({ actor: 'Gate 4 (API key)' });
    expect(body.data[0]).toMatchObject({
      action: 'status_changed',
      actor_role: null,
      address: '198.51.100.44',
      subject_type: 'shipment',
      subject_id: number,
    });
  });
});

describe('the trail', () => {
  it('narrows by person, action, subject and the company days from and to, both included', async () => {
    const zone = await getCompanyZone(await getDb());
    const start = Date.parse(dayStart(zone, '2025-01-10'));
    const end = Date.parse(dayStart(zone, addDays('2025-01-11', 1)));
    const at = (ms: number) => new Date(ms).toISOString();
    await insertEntries([
      { actor: 'filter@example.com', action: 'place_created', at: at(start - 1), subject: ['place', '7'] },
      { actor: 'filter@example.com', action: 'place_updated', at: at(start), subject: ['place', '7'] },
      { actor: 'filter@example.com', action: 'place_updated', at: at(end - 1), subject: ['place', '8'] },
      { actor: 'filter@example.com', action: 'place_deleted', at: at(end), subject: ['customer', '7'] },
      { actor: 'other@example.com', action: 'place_updated', at: at(start + 1), subject: ['place', '7'] },
    ]);
    const actions = async (query: Record<string, string>) =>
      (await list({ actor: 'Filter@Example.com', ...query })).body.data.map(
        (entry: { action: string; subject_id: string }) => `${entry.action} ${entry.subject_id}`,
      );
    expect(await actions({})).toEqual(['place_deleted 7', 'place_updated 8', 'place_updated 7', 'place_created 7']);
    expect(await actions({ action: 'place_updated' })).toEqual(['place_updated 8', 'place_updated 7']);
    expect(await actions({ subject_type: 'place', subject: '7' })).toEqual(['place_updated 7', 'place_created 7']);
    expect(await actions({ subject: '7' })).toEqual(['place_deleted 7', 'place_updated 7', 'place_created 7']);
    expect(await actions({ subject_type: 'customer' })).toEqual(['place_deleted 7']);
    expect(await actions({ from: '2025-01-10', to: '2025-01-11' })).toEqual(['place_updated 8', 'place_updated 7']);
    expect(await actions({ from: '2025-01-11' })).toEqual(['place_deleted 7', 'place_updated 8']);
    const everyone = await list({ action: 'place_updated', subject: '7', to: '2025-01-10' });
    expect(everyone.body.data.map((entry: { actor: string }) => entry.actor)).toEqual([
      'other@example.com',
      'filter@example.com',
    ]);
  });

  it('finds a shipment by its tracking number in any case', async () => {
    // A shipment of its own (the device key's test moves the first one): one status change, one entry.
    const held = buildSeedShipments()[1]!.tracking_number;
    const moved = await call(
      updateStatus,
      apiRequest(`/api/tracking/${held}/update`, {
        method: 'PUT',
        json: { tracking_number: held, status: 'on_hold', note: 'Held for the trail' },
        headers: withSession(admin),
      }),
      { trackingNumber: held },
    );
    expect(moved.status).toBe(200);
    const { body } = await list({ subject_type: 'shipment', subject: held.toLowerCase() });
    expect(body.data).toEqual([
      expect.objectContaining({ action: 'status_changed', subject_type: 'shipment', subject_id: held }),
    ]);
  });

  it('pages newest first by keyset, forwards and back', async () => {
    await insertEntries(Array.from({ length: 5 }, (_, i) => ({ actor: 'pager@example.com', details: `#${i}` })));
    const first = await list({ actor: 'pager@example.com', limit: '2' });
    const second = await list({ actor: 'pager@example.com', limit: '2', cursor: first.body.meta.next_cursor });
    const third = await list({ actor: 'pager@example.com', limit: '2', cursor: second.body.meta.next_cursor });
    const details = [first, second, third].flatMap(({ body }) =>
      body.data.map((entry: { details: string }) => entry.details),
    );
    expect(details).toEqual(['#4', '#3', '#2', '#1', '#0']);
    expect(first.body.meta).toMatchObject({ total: 5, offset: 0, prev_cursor: null });
    expect(third.body.meta).toMatchObject({ offset: 4, next_cursor: null });
    const back = await list({ actor: 'pager@example.com', limit: '2', before: third.body.meta.prev_cursor });
    expect(back.body.data).toEqual(second.body.data);
  });

  it('refuses a filter it cannot read, naming it', async () => {
    const reversed = await list({ from: '2025-02-02', to: '2025-02-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors.to).toEqual(['Must be on or after the From date']);
    const action = await list({ action: "x' OR 1=1" });
    expect(action.status).toBe(422);
    expect(Object.keys(action.body.errors)).toEqual(['action']);
    expect((await exported({ from: '2025-02-30' })).body.errors.from).toBeDefined();
  });

  it('is for admins only', async () => {
    expect((await list({}, dispatcher)).status).toBe(403);
    expect((await exported({}, dispatcher)).status).toBe(403);
  });
});

describe('the CSV export', () => {
  it('holds the filtered entries, newest first, with formulas made text', async () => {
    await insertEntries([
      { actor: 'csv@example.com', details: '=cmd|" /C calc"!A0' },
      { actor: 'csv@example.com', details: '+1 555', subject: ['customer', '-CUS'] },
      { actor: 'csv@example.com', action: 'place_created', details: '@SUM(A1)' },
      { actor: 'not-csv@example.com', details: 'elsewhere' },
    ]);
    const answer = await exported({ actor: 'csv@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = (answer.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Actor,Role,Action,Subject type,Subject,Details,Address');
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      "csv@example.com,Admin,Place added,,,'@SUM(A1),192.0.2.9",
      "csv@example.com,Admin,Customer updated,Customer,'-CUS,'+1 555,192.0.2.9",
      'csv@example.com,Admin,Customer updated,,,"\'=cmd|"" /C calc""!A0",192.0.2.9',
    ]);
  });

  it('streams a log larger than a page, every entry once', async () => {
    const db = await getDb();
    await db.execute(`INSERT INTO activity_log (actor_email, action, details, created_at)
      SELECT 'bulk@example.com', 'customer_updated', 'entry ' || value, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      FROM generate_series(1, 1234)`);
    const { body } = await exported({ actor: 'bulk@example.com' });
    const lines = (body as string).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1234);
    expect(new Set(lines).size).toBe(1234);
    expect(lines[0]).toContain('entry 1234');
    expect(lines.at(-1)).toContain('entry 1,');
  });

  it("names a quote's offer and its acceptance in words, as every action the log records", async () => {
    const db = await getDb();
    await db.execute(`INSERT INTO activity_log (actor_email, action, subject_type, subject_id, details, created_at)
      VALUES ('words@example.com', 'quote_offer_sent', 'quote_request', '7', 'Offer sent', '2030-01-01T10:00:00.000Z'),
             ('words@example.com', 'quote_accepted', 'quote_request', '7', 'Accepted', '2030-01-01T11:00:00.000Z')`);
    const { body } = await exported({ actor: 'words@example.com' });
    const actions = (body as string)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[3]);
    expect(actions).toEqual(['Quote accepted by the requester', 'Quote offer sent']);
  });
});

describe('retention', () => {
  const save = (body: unknown) =>
    call(settingsAudit, apiRequest('/api/settings/audit', { method: 'PUT', json: body, headers: withSession(admin) }));
  /** The audit section as before anyone saved it, whichever test of this file saved it before. */
  const unsaved = async () => {
    await (await getDb()).execute("DELETE FROM settings WHERE key = 'audit'");
  };

  it('is 365 days until saved, 30 to 3650, and a change is an activity entry', async () => {
    await unsaved();
    onTestFinished(unsaved);
    const read = await call(settingsAudit, apiRequest('/api/settings/audit', { headers: withSession(admin) }));
    expect(read.body.data).toEqual({ retention_days: 365 });
    for (const wrong of [29, 3651, 90.5, 'ninety', null]) {
      const refused = await save({ retention_days: wrong });
      expect(refused.status, String(wrong)).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['retention_days']);
    }
    expect((await save({ retention_days: 30 })).body.data).toEqual({ retention_days: 30 });
    const { body } = await list({ action: 'settings_changed', subject_type: 'settings', subject: 'audit' });
    expect(body.data[0]).toMatchObject({ actor_role: 'admin', details: 'Audit trail: entries kept 30 days' });
  });

  it('purges only entries older than the retention', async () => {
    // Put back whatever happens: the other test of retention reads the section as never saved.
    onTestFinished(unsaved);
    await save({ retention_days: 40 });
    const day = 24 * 60 * 60 * 1000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    await insertEntries([
      { actor: 'old@example.com', at: ago(41) },
      { actor: 'old@example.com', at: ago(40.5) },
      { actor: 'old@example.com', at: ago(39) },
    ]);
    const purged = await purgeAudit(await getDb());
    expect(purged).toBeGreaterThanOrEqual(2);
    const left = await list({ actor: 'old@example.com' });
    expect(left.body.data).toHaveLength(1);
    expect(Date.parse(left.body.data[0].created_at)).toBeGreaterThan(Date.now() - 40 * day);
    expect(left.body.meta.total).toBe(1);
    expect((await list({})).body.meta.total).toBeGreaterThan(1);
  });
});
