import type { Client } from '@libsql/client';
import { beforeAll, describe, expect, it } from 'vitest';
import customers from '../../netlify/functions/customers-list-create';
import customer from '../../netlify/functions/customers-read-update';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import quickAdd from '../../netlify/functions/shipments-create';
import { createCustomer } from '../../netlify/lib/customers';
import { CUSTOMER_RECENT_SHIPMENTS, CUSTOMER_TOTAL_CAP } from '../../src/lib/schemas/customer';
import { signIn, withSession } from '../helpers/admin-session';
import { notBusy, onOwnConnection, untilNotBusy } from '../helpers/busy';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
let adminId: number;
beforeAll(async () => {
  cookie = await signIn();
  const { rows } = await (await getDb()).execute({
    sql: 'SELECT id FROM admin_users WHERE email = ?',
    args: [TEST_ADMIN.email],
  });
  adminId = Number(rows[0]!.id);
});

const list = (query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(customers, apiRequest(`/api/customers?${search}`, { headers: withSession(cookie) }));
};
const create = (json: unknown) => call(customers, apiRequest('/api/customers', { json, headers: withSession(cookie) }));
const read = (id: string) =>
  call(customer, apiRequest(`/api/customers/${id}`, { headers: withSession(cookie) }), { id });
const patch = (id: string, json: unknown) =>
  call(customer, apiRequest(`/api/customers/${id}`, { method: 'PATCH', json, headers: withSession(cookie) }), {
    id,
  });

const ids = (body: { data: Array<{ id: string }> }) => body.data.map((row) => row.id);

async function counts() {
  const db = await getDb();
  const { rows } = await db.execute(
    `SELECT (SELECT count(*) FROM customers) AS c, (SELECT count(*) FROM activity_log) AS a,
            (SELECT max(updated_at) FROM customers) AS u, (SELECT count(*) FROM customers_search) AS f`,
  );
  return { ...rows[0] };
}

async function activityFor(id: string) {
  const db = await getDb();
  const { rows } = await db.execute({
    sql: `SELECT action, actor_email, user_id, details FROM activity_log
          WHERE subject_type = 'customer' AND subject_id = ? ORDER BY id`,
    args: [id],
  });
  return rows.map((row) => ({ ...row }));
}

/**
 * A customer of the calling test's own. Tests run in any order, each adding customers: each finds its own by
 * words no other customer of this file has (no other word starts with q or yv, or has the search cases' terms).
 */
async function newCustomer(json: Record<string, unknown> & { name: string }) {
  const { status, body } = await create(json);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data as { id: string; name: string; updated_at: string };
}

/** A shipment for the customer, added as the quick-add dialog adds it. */
async function shipFor(customerId: string) {
  const added = await call(
    quickAdd,
    apiRequest('/api/shipments', {
      json: { customer: customerId, origin: 'Oslo, Norway', destination: 'Lima, Peru', status: 'preparing' },
      headers: withSession(cookie),
    }),
  );
  expect(added.status).toBe(201);
  return added.body.data as { tracking_number: string; customer_id: string };
}

/** A number read from the database. */
async function scalar(sql: string, args: Array<string | number> = []) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]!.n);
}

describe('GET /api/customers', () => {
  it('lists customers newest first, each with its real shipment count', async () => {
    const older = await newCustomer({
      name: 'Listed Albatross Older',
      contact: 'Ada Older',
      email: 'older@listed-albatross.example',
      phone: '+1 555 010 1111',
    });
    const newer = await newCustomer({
      name: 'Listed Albatross Newer',
      contact: 'Nia Newer',
      email: 'newer@listed-albatross.example',
      phone: '+1 555 010 2222',
      address: '1 Harbour Street\nOslo',
    });
    await shipFor(older.id);
    await shipFor(older.id);
    const { status, body } = await list();
    expect(status).toBe(200);
    // The reference: the newest customers by the id's number, each with the shipments that name it.
    const db = await getDb();
    const { rows } = await db.execute(
      `SELECT id, (SELECT count(*) FROM shipments s WHERE s.customer_id = c.id) AS shipments
       FROM customers c ORDER BY number DESC LIMIT 20`,
    );
    expect(ids(body)).toEqual(rows.map((row) => row.id));
    expect(ids(body).slice(0, 2)).toEqual([newer.id, older.id]);
    const all = await scalar('SELECT count(*) AS n FROM customers');
    expect(body.meta).toEqual({
      total: Math.min(all, CUSTOMER_TOTAL_CAP),
      offset: 0,
      limit: 20,
      next_cursor: all > 20 ? expect.any(String) : null,
      prev_cursor: null,
      total_is_estimate: all > CUSTOMER_TOTAL_CAP,
    });
    body.data.forEach((row: { id: string; shipments: number }, index: number) => {
      expect(row.shipments, row.id).toBe(Number(rows[index]!.shipments));
    });
    expect(body.data[0]).toMatchObject({
      name: 'Listed Albatross Newer',
      contact: 'Nia Newer',
      email: 'newer@listed-albatross.example',
      phone: '+1 555 010 2222',
      status: 'active',
      address: '1 Harbour Street\nOslo',
      shipments: 0,
    });
    expect(body.data[1]).toMatchObject({ name: 'Listed Albatross Older', address: null, shipments: 2 });
  });

  // Each case adds a customer of its own holding the words searched (none for "nothing known"): found or not.
  it.each([
    ['a name substring, any case', { name: 'Wharfside Pointview Retail' }, 'POINTVIEW RET', true],
    ['a contact substring', { name: 'Sierra Haulage', contact: 'Daniel Ortizabal' }, 'ortizab', true],
    [
      'an email substring',
      { name: 'Lumen Medical Supply', email: 'orders@lumenmedsupply.example' },
      'lumenmedsup',
      true,
    ],
    ['the id', { name: 'Identified Cargo Ltd' }, 'its id, in lower case', true],
    ['a word start of one letter', { name: 'Quokka Electronics' }, 'q', true],
    ['a word start of two letters, any case', { name: 'Harbour Lights', contact: 'Yvonne Nguyen' }, 'Yv', true],
    [
      'two letters inside a word (no match: short terms match word starts)',
      { name: 'Arbor Crest Freight' },
      'rb',
      false,
    ],
    ['symbols only', { name: 'Symbol Sons', contact: 'front desk @.' }, '@.', false],
    ['nothing known', null, 'zzqx', false],
  ] as const)('q finds %s', async (_, fields, term, found) => {
    const own = fields && (await newCustomer({ ...fields }));
    const q = own && term === 'its id, in lower case' ? own.id.toLowerCase() : term;
    const want = found && own ? [own.id] : [];
    const { status, body } = await list({ q });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(want);
    expect(body.meta.total).toBe(want.length);
  });

  it('finds a customer whatever the accents, and by phone as people type it; pages say where they are', async () => {
    const { id } = await newCustomer({
      name: 'Café Zürich Logistik',
      email: 'ops@cafe-zurich.example',
      phone: '+41 (44) 555-0123',
    });
    for (const q of ['cafe zurich', 'CAFÉ ZÜRICH', 'zürich.example', '44 555 0123', '41445550123', '(44) 555-0123']) {
      const { body } = await list({ q });
      expect(ids(body), q).toEqual([id]);
    }
    // Two at a time: 1-2, 3-4, 5 of the test's own five, and back.
    const paged: string[] = [];
    for (let i = 1; i <= 5; i++) paged.unshift((await newCustomer({ name: `Paged Heron ${i}` })).id);
    let page = await list({ q: 'paged heron', limit: 2 });
    const offsets = [page.body.meta.offset];
    const seen = ids(page.body);
    while (page.body.meta.next_cursor) {
      page = await list({ q: 'paged heron', limit: 2, cursor: page.body.meta.next_cursor });
      offsets.push(page.body.meta.offset);
      seen.push(...ids(page.body));
    }
    expect(offsets).toEqual([0, 2, 4]);
    expect(seen).toEqual(paged);
    const back = await list({ q: 'paged heron', limit: 2, before: page.body.meta.prev_cursor });
    expect(back.body.meta.offset).toBe(2);
    expect(ids(back.body)).toEqual(paged.slice(2, 4));
  });

  it('filters by status and by creation day, with or without q', async () => {
    const active = await newCustomer({ name: 'Filtered Egret Active' });
    const inactive = await newCustomer({ name: 'Filtered Egret Dormant', status: 'inactive' });
    expect(ids((await list({ status: 'inactive', q: 'filtered egret' })).body)).toEqual([inactive.id]);
    expect(ids((await list({ status: 'active', q: 'filtered egret' })).body)).toEqual([active.id]);
    expect(ids((await list({ status: 'active', q: 'egret dormant' })).body)).toEqual([]);
    const dormant = await list({ status: 'inactive' });
    expect(ids(dormant.body)[0]).toBe(inactive.id);
    expect(dormant.body.data.map((row: { status: string }) => row.status)).not.toContain('active');
    const allInactive = await scalar("SELECT count(*) AS n FROM customers WHERE status = 'inactive'");
    expect(dormant.body.meta.total).toBe(Math.min(allInactive, CUSTOMER_TOTAL_CAP));
    expect(ids((await list({ since: '2999-01-01' })).body)).toEqual([]);
    expect(ids((await list({ since: '2999-01-01', q: 'filtered egret' })).body)).toEqual([]);
    expect(ids((await list({ since: '2000-01-01', q: 'filtered egret' })).body)).toEqual([inactive.id, active.id]);
    const all = await scalar('SELECT count(*) AS n FROM customers');
    expect((await list({ since: '2000-01-01' })).body.meta.total).toBe(Math.min(all, CUSTOMER_TOTAL_CAP));
  });

  it('answers 422 naming a bad status, day, limit or cursor', async () => {
    for (const [query, field] of [
      [{ status: 'gone' }, 'status'],
      [{ since: '2026-02-30' }, 'since'],
      [{ limit: 101 }, 'limit'],
      [{ cursor: '!!' }, 'cursor'],
      [{ before: 'abc' }, 'before'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(422);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });
});

describe('POST /api/customers', () => {
  it('creates a customer with the next id, trimmed and with an activity entry', async () => {
    const next = `CUS-${String((await scalar('SELECT max(number) AS n FROM customers')) + 1).padStart(4, '0')}`;
    const { status, body } = await create({
      name: '  Nordic Parcel AB ',
      contact: 'Ingrid Berg',
      email: 'INGRID@nordicparcel.example',
      phone: '+46 8 555 012 34',
      address: 'Storgatan 1\nStockholm',
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      id: next,
      name: 'Nordic Parcel AB',
      email: 'INGRID@nordicparcel.example',
      status: 'active',
      shipments: 0,
      recent_shipments: [],
    });
    expect(await activityFor(next)).toEqual([
      {
        action: 'customer_created',
        actor_email: TEST_ADMIN.email,
        user_id: adminId,
        details: 'Created Nordic Parcel AB',
      },
    ]);
    expect(ids((await list({ q: 'nordic' })).body)).toEqual([next]);
    expect(ids((await list({ q: 'in' })).body)).toContain(next);
  });

  it('answers 422 naming each invalid field and stores nothing', async () => {
    const before = await counts();
    const { status, body } = await create({
      name: '   ',
      email: 'not-an-email',
      phone: 'call me',
      status: 'sleeping',
      contact: 'x'.repeat(201),
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['contact', 'email', 'name', 'phone', 'status']);
    expect(body.errors.name).toEqual(['Customer name is required']);
    expect((await create({ name: 'A\u0000B' })).body.errors.name).toEqual(['Must not contain control characters']);
    expect(await counts()).toEqual(before);
  });

  it('gives 20 simultaneous creations 20 different ids (one connection, and one connection each)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        untilNotBusy(async () => notBusy(await create({ name: `Concurrent Shared ${i}` }))),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const shared = answers.map((answer) => answer.body.data.id as string);
    expect(new Set(shared).size).toBe(20);

    // As separate function instances would: each with its own connection to the same database.
    const actor = { id: adminId, email: TEST_ADMIN.email, role: 'admin' as const, address: '192.0.2.1' };
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        onOwnConnection((client) => createCustomer(client, { name: `Concurrent Own ${i}`, status: 'active' }, actor)),
      ),
    );
    const own = created.map((row) => row.id);
    expect(new Set([...shared, ...own]).size).toBe(40);
    const db = await getDb();
    const numbers = (
      await db.execute("SELECT number FROM customers WHERE name LIKE 'Concurrent%' ORDER BY number")
    ).rows.map((row) => Number(row.number));
    expect(numbers.map((number) => `CUS-${number}`).sort()).toEqual([...shared, ...own].sort());
    // No gaps either: each took max + 1 in its own write transaction.
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => numbers[0]! + i));
    const { rows } = await db.execute(
      "SELECT count(*) AS n FROM activity_log WHERE action = 'customer_created' AND details LIKE 'Created Concurrent%'",
    );
    expect(rows[0]!.n).toBe(40);
  });

  it('keeps allocating past CUS-9999 (or past 99999… when the ids have grown longer)', async () => {
    const db = await getDb();
    // The last id of four digits; of as many as the ids have when others took them past it already.
    let last = 9999;
    while (last <= (await scalar('SELECT max(number) AS n FROM customers'))) last = last * 10 + 9;
    await db.execute({
      sql: "INSERT INTO customers (id, name) VALUES (?, 'Last Of Its Digits Co')",
      args: [`CUS-${last}`],
    });
    const { body } = await create({ name: 'One Digit More Freight' });
    expect(body.data.id).toBe(`CUS-${last + 1}`);
    expect(ids((await list({ limit: 2 })).body)).toEqual([`CUS-${last + 1}`, `CUS-${last}`]);
    expect((await read(`cus-${last + 1}`)).body.data.name).toBe('One Digit More Freight');
  });

  it('is one transaction: a failing activity entry leaves no customer behind', async () => {
    const db = await getDb();
    const steady = await newCustomer({ name: 'Steadfast Freight' });
    const before = await counts();
    await db.execute(
      "CREATE TRIGGER fail_activity BEFORE INSERT ON activity_log BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    try {
      expect((await create({ name: 'Doomed Freight' })).status).toBe(503);
      expect((await patch(steady.id, { name: 'Doomed Rename' })).status).toBe(503);
    } finally {
      await db.execute('DROP TRIGGER fail_activity');
    }
    expect(await counts()).toEqual(before);
    expect((await read(steady.id)).body.data.name).toBe('Steadfast Freight');
  });
});

describe('GET /api/customers/{id}', () => {
  it('answers the customer with its shipment count and newest shipments', async () => {
    const { id } = await newCustomer({ name: 'Readable Pelican Ltd' });
    const own = [await shipFor(id), await shipFor(id), await shipFor(id)];
    const { status, body } = await read(id.toLowerCase());
    expect(status).toBe(200);
    expect(body.data.id).toBe(id);
    expect(body.data.shipments).toBe(own.length);
    expect(body.data.recent_shipments).toHaveLength(Math.min(own.length, CUSTOMER_RECENT_SHIPMENTS));
    expect(body.data.recent_shipments.map((s: { tracking_number: string }) => s.tracking_number)).toEqual(
      own.map((s) => s.tracking_number).reverse(),
    );
  });

  it('answers 404 for an unknown or impossible id', async () => {
    for (const id of ['CUS-4242', 'nobody', 'CUS-12']) {
      const { status, body } = await read(id);
      expect(status).toBe(404);
      expect(body).toEqual({ status: 'error', message: 'Customer not found.' });
    }
  });
});

describe('PATCH /api/customers/{id}', () => {
  it('changes only the fields given, clears a blank one, and logs what changed', async () => {
    const created = (await create({ name: 'Patchable Ltd', contact: 'Pat', phone: '+1 555 010 9999' })).body.data;
    const { status, body } = await patch(created.id, { email: 'pat@patchable.example', contact: '' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      name: 'Patchable Ltd',
      contact: null,
      email: 'pat@patchable.example',
      phone: '+1 555 010 9999',
    });
    expect(body.data.updated_at >= created.updated_at).toBe(true);
    expect((await activityFor(created.id)).map((entry) => entry.details)).toEqual([
      'Created Patchable Ltd',
      'Edited contact, email',
    ]);
    // The same values again: nothing written, nothing logged.
    const before = await counts();
    expect((await patch(created.id, { email: 'pat@patchable.example' })).status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('deactivates and reactivates (never deletes), each an activity entry', async () => {
    const { id } = await newCustomer({ name: 'Dormant Ibis Trading' });
    await shipFor(id);
    const { body } = await patch(id, { status: 'inactive' });
    expect(body.data.status).toBe('inactive');
    expect(body.data.shipments).toBeGreaterThan(0);
    expect(ids((await list({ status: 'inactive' })).body)).toContain(id);
    await patch(id, { status: 'active' });
    const entries = (await activityFor(id)).map((entry) => entry.action);
    expect(entries).toEqual(['customer_created', 'customer_deactivated', 'customer_reactivated']);
    const removal = await call(
      customer,
      apiRequest(`/api/customers/${id}`, { method: 'DELETE', headers: withSession(cookie) }),
      { id },
    );
    expect(removal.status).toBe(405);
  });

  it('a renamed customer is found under the new name, in the customers and the shipments search', async () => {
    const { id } = await newCustomer({ name: 'Meridian Cross Haulage' });
    await shipFor(id);
    await shipFor(id);
    expect((await patch(id, { name: 'Meridian Star Haulage' })).status).toBe(200);
    expect(ids((await list({ q: 'meridian star' })).body)).toEqual([id]);
    expect(ids((await list({ q: 'cross haulage' })).body)).toEqual([]);
    const matches = await scalar(
      'SELECT count(*) AS n FROM shipments_search WHERE shipments_search MATCH \'"meridian star"\'',
    );
    expect(matches).toBe(2);
  });

  it('answers 422 for a blank name or bad email, 404 for an unknown customer', async () => {
    const { id } = await newCustomer({ name: 'Unbroken Freight' });
    const { status, body } = await patch(id, { name: ' ', email: 'nope' });
    expect(status).toBe(422);
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'name']);
    expect((await patch('CUS-7777', { name: 'Ghost' })).status).toBe(404);
  });
});

describe('shipments for a customer', () => {
  it('the quick-add dialog links the shipment and the count follows', async () => {
    const created = (await create({ name: 'Counted Cargo', email: 'ops@counted.example' })).body.data;
    const added = await call(
      quickAdd,
      apiRequest('/api/shipments', {
        json: { customer: created.id, origin: 'Oslo, Norway', destination: 'Lima, Peru', status: 'preparing' },
        headers: withSession(cookie),
      }),
    );
    expect(added.status).toBe(201);
    expect(added.body.data.customer_id).toBe(created.id);
    const detail = (await read(created.id)).body.data;
    expect(detail.shipments).toBe(1);
    expect(detail.recent_shipments.map((s: { tracking_number: string }) => s.tracking_number)).toEqual([
      added.body.data.tracking_number,
    ]);
    expect((await list({ q: 'counted cargo' })).body.data[0].shipments).toBe(1);
  });

  it('the New Shipment page links a picked customer by customer_id; an unknown one is a 422', async () => {
    const picked = await newCustomer({ name: 'Picked Plover Retail' });
    const base = {
      sender_name: 'Picked Plover Retail',
      recipient_name: 'R',
      recipient_address: '1 Rua Augusta, Lisbon, Portugal',
      origin: 'Portland, USA',
      destination: 'Lisbon, Portugal',
      status: 'processing',
    };
    const send = (json: unknown) =>
      call(addTracking, apiRequest('/api/add_tracking', { json, headers: withSession(cookie) }));
    const ok = await send({ ...base, customer_id: picked.id.toLowerCase() });
    expect(ok.status).toBe(201);
    expect(ok.body.data.customer_id).toBe(picked.id);
    const unknown = await send({ ...base, customer_id: 'CUS-8888' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ customer_id: ['Unknown customer'] });
    const malformed = await send({ ...base, customer_id: 'Harbor' });
    expect(Object.keys(malformed.body.errors)).toEqual(['customer_id']);
  });
});

describe('search at 100,000 customers', () => {
  it('reads only index entries for every kind of query (no scan of the customers table)', {
    timeout: 180_000,
  }, async () => {
    const db = await getDb();
    await db.execute(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 100000)
      INSERT INTO customers (id, name, contact, email, status)
      SELECT printf('CUS-%04d', 20000 + n), 'Bulk Customer ' || n, 'Contact ' || (n % 97),
             'bulk' || n || '@example.com', CASE WHEN n % 9 = 0 THEN 'inactive' ELSE 'active' END
      FROM seq`);
    const queries: Array<Record<string, string>> = [
      {},
      { status: 'inactive' },
      { q: 'bulk customer 4242' },
      { q: 'bu' },
      { q: 'b', status: 'active' },
      { q: 'example', status: 'inactive' },
      // Past the first page, the matches before it are counted from the index too.
      { q: 'example', status: 'inactive', cursor: Buffer.from('70000').toString('base64url') },
      { status: 'inactive', before: Buffer.from('70000').toString('base64url') },
    ];
    // Each list query's SQL, as the list runs it, explained by SQLite: no full scan of customers.
    const traced: string[] = [];
    const spy = {
      ...db,
      batch: async (statements: Parameters<Client['batch']>[0], mode?: Parameters<Client['batch']>[1]) => {
        for (const statement of statements) {
          const { sql, args = [] } =
            typeof statement === 'string'
              ? { sql: statement }
              : Array.isArray(statement)
                ? { sql: statement[0], args: statement[1] }
                : statement;
          const plan = await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args });
          traced.push(...plan.rows.map((row) => String(row.detail)));
        }
        return db.batch(statements, mode);
      },
    } as Client;
    const { listCustomers } = await import('../../netlify/lib/customer-read');
    const { customerListQuerySchema } = await import('../../src/lib/schemas/customer');
    for (const query of queries) {
      traced.length = 0;
      const page = await listCustomers(spy, customerListQuerySchema.parse(query));
      expect(page.data.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(
        traced.filter((detail) => /^SCAN c\b/.test(detail) && !/USING (COVERING )?INDEX/.test(detail)),
        JSON.stringify(query),
      ).toEqual([]);
    }
    const { body } = await list({ q: 'bulk customer 4242' });
    const { rows } = await db.execute(
      "SELECT id FROM customers WHERE lower(name) LIKE '%bulk customer 4242%' ORDER BY number DESC",
    );
    expect(ids(body)).toEqual(rows.map((row) => row.id));
    expect(ids(body)).toContain('CUS-24242');
  });
});
