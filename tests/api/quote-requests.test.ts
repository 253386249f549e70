import { beforeAll, describe, expect, it } from 'vitest';
import customers from '../../netlify/functions/customers-list-create';
import adminDashboard from '../../netlify/functions/dashboard-read';
import quoteRequests from '../../netlify/functions/quote-requests-list';
import quoteRequest from '../../netlify/functions/quote-requests-update';
import quotes from '../../netlify/functions/quotes-create';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

let nextAddress = 1;
const send = (body: unknown) =>
  call(
    quotes,
    apiRequest('/api/quotes', { json: body, headers: { 'x-nf-client-connection-ip': `198.51.100.${nextAddress++}` } }),
  );
const list = (query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(quoteRequests, apiRequest(`/api/quote-requests?${search}`, { headers: withSession(cookie) }));
};
const setStatus = (id: number | string, json: unknown) =>
  call(quoteRequest, apiRequest(`/api/quote-requests/${id}`, { method: 'PATCH', json, headers: withSession(cookie) }), {
    id: String(id),
  });
const createCustomer = (json: unknown) =>
  call(customers, apiRequest('/api/customers', { json, headers: withSession(cookie) }));
const dashboard = async () =>
  (await call(adminDashboard, apiRequest('/api/admin/dashboard', { headers: withSession(cookie) }))).body.data;

async function activity(action: string, subject: string) {
  const db = await getDb();
  const { rows } = await db.execute({
    sql: `SELECT actor_email, user_id, details FROM activity_log
          WHERE action = ? AND subject_type = 'quote_request' AND subject_id = ? ORDER BY id`,
    args: [action, subject],
  });
  return rows.map((row) => ({ ...row }));
}

const request = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  service: 'Heavy Freight',
  ...extra,
});

describe('a quote request from the home page', () => {
  it('stores origin, destination and weight, logs the request and counts it on the dashboard', async () => {
    const before = (await dashboard()).new_quote_requests;
    const { status, body } = await send(
      request('Quinn Shipper', { origin: 'Oslo, Norway', destination: 'Lima, Peru', weight_kg: '250.5' }),
    );
    expect(status).toBe(201);
    const id = body.data.id as number;
    const { body: page } = await list({ q: 'quinn' });
    expect(page.data).toEqual([
      expect.objectContaining({
        id,
        name: 'Quinn Shipper',
        service: 'Heavy Freight',
        origin: 'Oslo, Norway',
        destination: 'Lima, Peru',
        weight_kg: 250.5,
        status: 'new',
        customer_id: null,
      }),
    ]);
    expect(await activity('quote_received', String(id))).toEqual([
      {
        actor_email: 'quinn.shipper@example.com',
        user_id: null,
        details: 'Quinn Shipper asked for a quote: Heavy Freight',
      },
    ]);
    const after = await dashboard();
    expect(after.new_quote_requests).toBe(before + 1);
    expect(after.activity[0]).toMatchObject({
      action: 'quote_received',
      subject_type: 'quote_request',
      subject_id: String(id),
    });
  });

  it('answers 422 for a weight that is not a positive number', async () => {
    const { status, body } = await send(request('Heavy Hand', { weight_kg: 'a lot' }));
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['weight_kg']);
  });
});

describe('GET /api/quote-requests', () => {
  it('lists newest first, searches, filters by status and pages both ways', async () => {
    for (const name of ['Paging One', 'Paging Two', 'Paging Three', 'Paging Four', 'Paging Five']) {
      expect((await send(request(name, { service: 'Warehousing' }))).status).toBe(201);
    }
    const db = await getDb();
    const { rows } = await db.execute("SELECT id FROM quote_requests WHERE name LIKE 'Paging %' ORDER BY id DESC");
    const want = rows.map((row) => Number(row.id));
    const first = await list({ q: 'paging', limit: 2 });
    expect(first.body.data.map((row: { id: number }) => row.id)).toEqual(want.slice(0, 2));
    expect(first.body.meta.total).toBe(5);
    const second = await list({ q: 'paging', limit: 2, cursor: first.body.meta.next_cursor });
    expect(second.body.data.map((row: { id: number }) => row.id)).toEqual(want.slice(2, 4));
    const back = await list({ q: 'paging', limit: 2, before: second.body.meta.prev_cursor });
    expect(back.body.data.map((row: { id: number }) => row.id)).toEqual(want.slice(0, 2));
    expect(back.body.meta.prev_cursor).toBeNull();

    await setStatus(want[0]!, { status: 'won' });
    expect((await list({ q: 'paging', status: 'won' })).body.data.map((row: { id: number }) => row.id)).toEqual([
      want[0],
    ]);
    expect((await list({ q: 'WAREHOUSING', status: 'new' })).body.meta.total).toBe(4);
    expect((await list({ q: '100%_' })).body.data).toEqual([]);
  });

  it('answers 422 naming a bad status or limit', async () => {
    for (const [query, field] of [
      [{ status: 'closed' }, 'status'],
      [{ limit: 0 }, 'limit'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });
});

describe('PATCH /api/quote-requests/{id}', () => {
  it('moves a request along, each change an activity entry naming who did it', async () => {
    const id = (await send(request('Status Walker'))).body.data.id as number;
    const contacted = await setStatus(id, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    expect(contacted.body.data.status).toBe('contacted');
    await setStatus(id, { status: 'lost' });
    expect((await activity('quote_status_changed', String(id))).map((entry) => entry.details)).toEqual([
      `Status Walker (#${id}): New → Contacted`,
      `Status Walker (#${id}): Contacted → Lost`,
    ]);
    expect((await activity('quote_status_changed', String(id)))[0]!.actor_email).toBe(TEST_ADMIN.email);
  });

  it('20 identical changes at once: one change, one activity entry', async () => {
    const id = (await send(request('Many Clicks'))).body.data.id as number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => setStatus(id, { status: 'contacted' })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await activity('quote_status_changed', String(id))).toHaveLength(1);
  });

  it('answers 422 for an unknown status, 404 for an unknown request', async () => {
    const id = (await send(request('Bad Status'))).body.data.id as number;
    const bad = await setStatus(id, { status: 'closed' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
    expect((await setStatus(id, {})).body.errors).toEqual({ status: ['Please choose a status'] });
    for (const missing of [999999, 'abc', '0']) {
      expect((await setStatus(missing, { status: 'won' })).status).toBe(404);
    }
  });

  it('is one transaction: a failing activity entry leaves the status unchanged', async () => {
    const id = (await send(request('Atomic Status'))).body.data.id as number;
    const db = await getDb();
    await db.execute(
      "CREATE TRIGGER fail_activity BEFORE INSERT ON activity_log BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    try {
      expect((await setStatus(id, { status: 'won' })).status).toBe(503);
    } finally {
      await db.execute('DROP TRIGGER fail_activity');
    }
    expect((await list({ q: 'atomic status' })).body.data[0].status).toBe('new');
  });
});

describe('a customer from a quote request', () => {
  it('links the request to the new customer, once, even when asked 20 times at once', async () => {
    const id = (await send(request('Convertible Cargo', { phone: '+1 916 555 0177' }))).body.data.id as number;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        createCustomer({ name: 'Convertible Cargo', email: 'convertible.cargo@example.com', quote_request_id: id }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const created = answers.find((answer) => answer.status === 201)!.body.data;
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      'This quote request already has a customer.',
    );
    const row = (await list({ q: 'convertible' })).body.data[0];
    expect(row.customer_id).toBe(created.id);
    const db = await getDb();
    const { rows } = await db.execute({
      sql: "SELECT count(*) AS n FROM customers WHERE name = 'Convertible Cargo'",
      args: [],
    });
    expect(rows[0]!.n).toBe(1);
    const logged = await db.execute({
      sql: "SELECT details FROM activity_log WHERE action = 'customer_created' AND subject_id = ?",
      args: [created.id],
    });
    expect(logged.rows.map((entry) => entry.details)).toEqual([`Created Convertible Cargo from quote request #${id}`]);
  });

  it('answers 422 for an unknown quote request and creates nothing', async () => {
    const { status, body } = await createCustomer({ name: 'Orphan Freight', quote_request_id: 424242 });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ quote_request_id: ['Unknown quote request'] });
  });
});
