import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import { SEED_CUSTOMERS } from '../../db/seed-data';
import customers from '../../netlify/functions/customers-list-create';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import trackings from '../../netlify/functions/shipments-list';
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP } from '../../src/lib/schemas/shipment/list-query';
import { SHIPMENT_STATUSES } from '../../src/lib/shipment-status';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The seeded shipments are only read here: a test that changes shipments or customers, or needs a list of known
// length, makes its own (some tests add thousands, in any order), and lists them by a type or term of their own.
const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const list = (query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return call(trackings, apiRequest(`/api/trackings?${search}`, { headers: withSession(cookie) }));
};

const numbersOf = (body: { data: Array<{ tracking_number: string }> }) => body.data.map((row) => row.tracking_number);

/** Every match of a query, page after page (200 a page), with what the first page says of their number. */
async function every(query: Record<string, string | number>) {
  const found: string[] = [];
  let meta: { total: number; total_is_estimate: boolean } | undefined;
  let cursor: string | null = null;
  do {
    const { status, body } = await list({ ...query, limit: 200, ...(cursor ? { cursor } : {}) });
    expect(status, JSON.stringify(query)).toBe(200);
    meta ??= body.meta;
    found.push(...numbersOf(body));
    cursor = body.meta.next_cursor;
  } while (cursor);
  return { found, total: meta!.total, estimate: meta!.total_is_estimate };
}

/** The tracking numbers the list answers for a query, every page of them. */
const numbers = async (query: Record<string, string | number>) => (await every(query)).found;

let made = 0;
/**
 * Shipments of the calling test's own, inserted in order (the last is the newest): a few plain fields,
 * overridden by each row's. Their numbers are NEC9 and digits, so their letters match no term of another test.
 */
async function ownShipments(rows: Array<Record<string, string | null>>): Promise<string[]> {
  const db = await getDb();
  const inserted: string[] = [];
  for (const row of rows) {
    const values: Record<string, string | null> = {
      tracking_number: `NEC9${String(++made).padStart(8, '0')}`,
      status: 'in_transit',
      sender_name: 'Own Sender',
      recipient_name: 'Own Recipient',
      recipient_address: '1 Own Road',
      origin: 'Origin Town',
      destination: 'Destination Town',
      ...row,
    };
    const columns = Object.keys(values);
    await db.execute({
      sql: `INSERT INTO shipments (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      args: Object.values(values),
    });
    inserted.push(values.tracking_number!);
  }
  return inserted;
}

/** A customer of the calling test's own (the tests rename theirs), with its id. */
async function ownCustomer(name: string) {
  const created = await call(
    customers,
    apiRequest('/api/customers', {
      json: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@customers.example` },
      headers: withSession(cookie),
    }),
  );
  expect(created.status).toBe(201);
  return String(created.body.data.id);
}

/** A shipment added as staff add one, through the API. */
async function addByHand(fields: Record<string, string> = {}) {
  const created = await call(
    addTracking,
    apiRequest('/api/add_tracking', {
      json: {
        sender_name: 'S',
        recipient_name: 'R',
        recipient_address: '1 Rua Augusta, Lisbon',
        origin: 'Porto, Portugal',
        destination: 'Lisbon, Portugal',
        status: 'preparing',
        ...fields,
      },
      headers: withSession(cookie),
    }),
  );
  expect(created.status).toBe(201);
  return String(created.body.data.tracking_number);
}

const ROW_FIELDS = [
  'arrival_time',
  'current_location',
  'destination',
  'estimated_delivery',
  'id',
  'origin',
  'package_type',
  'status',
  'tracking_number',
];

/** The expected rows, computed in JavaScript from the whole table: the reference the SQL must agree with. */
async function expected(match: (row: Record<string, unknown>) => boolean) {
  const db = await getDb();
  const { rows } = await db.execute(
    // The columns the checks read, not every one: the whole table is more than one sqld answer may hold.
    `SELECT s.id, s.tracking_number, s.origin, s.current_location, s.destination, s.sender_name, s.recipient_name,
            s.sender_email, s.recipient_mail, s.sender_phone, s.recipient_phone, s.status, s.package_type, s.customer_id,
            s.reference, c.name AS customer_name
     FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id ORDER BY s.id DESC`,
  );
  return rows
    .filter((row) => match(row as unknown as Record<string, unknown>))
    .map((row) => String(row.tracking_number));
}

/** Text as the search compares it: accents taken off, lower case (SQLite's trigram index agrees for Latin letters). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A phone as the index holds it: without its usual separators. */
const stripped = (phone: unknown) => (phone === null ? null : String(phone).replace(/[ \-.()+/]/g, ''));

const contains = (term: string) => (row: Record<string, unknown>) => {
  const digits = /^[\d ().+\-/]*\d[\d ().+\-/]*$/.test(term) ? term.replace(/\D/g, '') : '';
  const phones = [stripped(row.sender_phone), stripped(row.recipient_phone)];
  return (
    [
      row.id,
      row.tracking_number,
      row.origin,
      row.current_location,
      row.destination,
      row.customer_name,
      row.sender_name,
      row.recipient_name,
      row.sender_email,
      row.recipient_mail,
      ...phones,
      row.reference,
    ].some((value) => value !== null && fold(String(value)).includes(fold(term))) ||
    (digits.length >= 3 && phones.some((phone) => phone?.includes(digits)))
  );
};

describe('GET /api/trackings', () => {
  it('answers the list rows newest first with meta', async () => {
    const type = 'Meta Check Crate';
    const mine = [];
    for (const sender of ['First', 'Second', 'Third'])
      mine.push(await addByHand({ sender_name: sender, package_type: type }));
    const newestFirst = [...mine].reverse();

    const { status, body, headers } = await list({ type });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['data', 'meta', 'status']);
    expect(body.status).toBe('success');
    expect(body.meta).toEqual({
      total: mine.length,
      offset: 0,
      limit: 50,
      next_cursor: null,
      prev_cursor: null,
      total_is_estimate: false,
    });
    expect(body.data).toHaveLength(mine.length);
    for (const row of body.data) expect(Object.keys(row).sort()).toEqual(ROW_FIELDS);
    // Newest first: the last one added leads.
    expect(numbersOf(body)).toEqual(newestFirst);
    expect(numbersOf(body)).toEqual(await expected((row) => row.package_type === type));
    const db = await getDb();
    const first = (await db.execute({ sql: 'SELECT * FROM shipments WHERE tracking_number = ?', args: [mine.at(-1)!] }))
      .rows[0]!;
    expect(body.data[0]).toEqual({
      id: Number(first.id),
      tracking_number: first.tracking_number,
      origin: first.origin,
      destination: first.destination,
      current_location: first.current_location,
      status: first.status,
      estimated_delivery: first.estimated_delivery,
      arrival_time: first.arrival_time,
      package_type: first.package_type,
    });

    // Unfiltered, the same rows lead the list (nothing was added since), newest first as the reference orders it.
    const all = await expected(() => true);
    const whole = await list();
    expect(numbersOf(whole.body)).toEqual(all.slice(0, 50));
    expect(numbersOf(whole.body).slice(0, mine.length)).toEqual(newestFirst);
    expect(whole.body.meta).toEqual({
      total: Math.min(all.length, LIST_TOTAL_CAP),
      offset: 0,
      limit: 50,
      next_cursor: all.length > 50 ? expect.any(String) : null,
      prev_cursor: null,
      total_is_estimate: all.length > LIST_TOTAL_CAP,
    });
  });

  it.each([
    ['a tracking number fragment, any case', seeded[7]!.tracking_number.slice(4, 9).toLowerCase()],
    ['a city', 'hamburg'],
    ['a country', 'United Kingdom'],
    ['a customer name', SEED_CUSTOMERS[2].name.slice(0, 9).toUpperCase()],
    ['a sender name', seeded[3]!.sender_name],
    ['two characters (LIKE fallback)', 'ro'],
    ['one digit (ids)', '7'],
    ['a quote and percent sign', '"%'],
  ])('q matches %s as the reference does', async (_, term) => {
    // Whatever the other tests added: every match, in order, counted exactly up to the search's cap.
    const want = await expected(contains(term));
    const { found, total, estimate } = await every({ q: term });
    expect(found).toEqual(want);
    expect(total).toBe(Math.min(want.length, SEARCH_TOTAL_CAP));
    expect(estimate).toBe(want.length > SEARCH_TOTAL_CAP);
  });

  it('finds places whatever their accents, and sender and recipient by email and phone, as people type them', async () => {
    const type = 'Places Check Crate';
    const [accentedOwn, plain, phoned, reached] = await ownShipments([
      { package_type: type, destination: 'São Paulo, Brazil' },
      { package_type: type, current_location: 'Sao Paulo, Brazil' },
      {
        package_type: type,
        recipient_phone: '+351 (21) 555-0199',
        sender_email: 'Dispatch@Zürich-Freight.example',
      },
      {
        package_type: type,
        recipient_mail: 'quilla.ferreira@places-check.example',
        sender_email: 'orlando.nyberg@places-check.example',
        recipient_phone: '+61 (2) 9374-4410',
        sender_phone: '+1 916 555 0321',
      },
    ]);
    const accented = await expected((row) => String(row.destination).startsWith('São Paulo'));
    expect(accented).toContain(accentedOwn);
    for (const term of ['sao paulo', 'SÃO PAULO', 'são']) {
      const found = await numbers({ q: term });
      expect(found, term).toEqual(await expected(contains(term)));
      // Both ways: the accented name and the plain one.
      expect(found, term).toEqual(expect.arrayContaining([...accented, plain]));
    }
    for (const term of [
      'quilla.ferreira@places-check.example',
      'illa.ferre'.toUpperCase(),
      'orlando.nyberg',
      'zurich-freight',
      '+61 (2) 9374-4410',
      '19165550321',
      '9374-4410',
      '(21) 555 0199',
      '351215550199',
      '21.555.0199',
    ]) {
      const want = await expected(contains(term));
      expect(want.length, term).toBeGreaterThan(0);
      expect(await numbers({ q: term }), term).toEqual(want);
      // The same term with a filter only this test's shipments pass, where rows are checked one by one.
      const mine = await expected((row) => row.package_type === type && contains(term)(row));
      expect(mine, term).toHaveLength(1);
      expect([phoned, reached], term).toContain(mine[0]);
      expect(await numbers({ q: term, type }), term).toEqual(mine);
    }
    expect(await numbers({ q: '(21) 555 0199' })).toEqual([phoned]);
    expect(await numbers({ q: 'zurich-freight' })).toEqual([phoned]);
  });

  it("finds a shipment by its customer's own reference, whole, in part and by one or two characters", async () => {
    const db = await getDb();
    const type = 'Reference Check Crate';
    const [ordered, other] = await ownShipments([{ package_type: type }, { package_type: type }]);
    // Set by an update here (an import inserts it): the index follows either way.
    await db.execute({
      sql: "UPDATE shipments SET reference = 'PO-77Ω41' WHERE tracking_number = ?",
      args: [ordered!],
    });
    await db.execute({
      sql: "UPDATE shipments SET reference = 'po-7700' WHERE tracking_number = ?",
      args: [other!],
    });
    for (const term of ['PO-77Ω41', 'po-77ω', '7ω4', 'Ω', 'po-77', '7700']) {
      const want = await expected(contains(term));
      expect(want.length, term).toBeGreaterThan(0);
      expect(await numbers({ q: term }), term).toEqual(want);
      // With a filter only this test's shipments pass, where each row is checked on its own (by LIKE for plain ASCII).
      const mine = await expected((row) => row.package_type === type && contains(term)(row));
      expect(mine.length, term).toBeGreaterThan(0);
      expect(await numbers({ q: term, type }), term).toEqual(mine);
    }
    expect(await numbers({ q: 'PO-77Ω41' })).toEqual([ordered]);
    await db.execute({
      sql: 'UPDATE shipments SET reference = NULL WHERE tracking_number = ?',
      args: [ordered!],
    });
    expect(await numbers({ q: 'PO-77Ω41' })).toEqual([]);
  });

  it('finds a shipment by its id', async () => {
    const db = await getDb();
    const [mine] = await ownShipments([{}]);
    const { rows } = await db.execute({ sql: 'SELECT id FROM shipments WHERE tracking_number = ?', args: [mine!] });
    const { body } = await list({ q: String(rows[0]!.id) });
    expect(body.data.map((row: { id: number }) => row.id)).toContain(Number(rows[0]!.id));
  });

  it('filters by status and type, combined with q', async () => {
    const type = 'Filter Check Crate';
    // Only the first has the status, the type and the letter "a" (the numbers are NEC9 and digits).
    const [wanted, unnamed, delivered] = await ownShipments(
      [
        { status: 'in_transit', sender_name: 'Ana' },
        { status: 'in_transit', sender_name: 'Ulf' },
        { status: 'delivered', sender_name: 'Ana' },
      ].map((row) => ({ ...row, package_type: type, recipient_name: 'Olle', origin: 'Bern', destination: 'Rome' })),
    );
    expect(await numbers({ status: 'in_transit' })).toEqual(await expected((row) => row.status === 'in_transit'));
    expect(await numbers({ type })).toEqual([delivered, unnamed, wanted]);
    const combined = await list({ status: 'in_transit', type, q: 'a' });
    expect(numbersOf(combined.body)).toEqual([wanted]);
    expect(numbersOf(combined.body)).toEqual(
      await expected((row) => row.status === 'in_transit' && row.package_type === type && contains('a')(row)),
    );
  });

  it('filters by several statuses at once (the dashboard links), with and without q', async () => {
    const type = 'Statuses Check Crate';
    const mine = await ownShipments(
      [...SHIPMENT_STATUSES, ...SHIPMENT_STATUSES].map((status) => ({
        status,
        package_type: type,
        origin: 'Quedlinburg, Germany',
      })),
    );
    const pending = ['preparing', 'processing', 'on_hold'];
    const { status, body } = await list({ status: pending.join(','), type, limit: 200 });
    expect(status).toBe(200);
    const want = await expected((row) => row.package_type === type && pending.includes(String(row.status)));
    expect(want).toHaveLength(pending.length * 2);
    expect(numbersOf(body)).toEqual(want);
    const searched = await list({ status: 'In Transit,delivered', q: 'quedlinburg', limit: 200 });
    const bothWays = await expected(
      (row) => ['in_transit', 'delivered'].includes(String(row.status)) && contains('quedlinburg')(row),
    );
    expect(bothWays).toHaveLength(4);
    expect(bothWays.every((number) => mine.includes(number))).toBe(true);
    expect(numbersOf(searched.body)).toEqual(bothWays);
    const bad = await list({ status: 'delivered,lost' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
  });

  it("lists the shipments delivered since a moment (the dashboard's Delivered Today), with q too", async () => {
    const db = await getDb();
    const { rows } = await db.execute(
      "SELECT created_at FROM shipment_histories WHERE status = 'delivered' ORDER BY created_at DESC LIMIT 1 OFFSET 2",
    );
    const since = String(rows[0]!.created_at);
    const delivered = await db.execute({
      sql: `SELECT DISTINCT s.tracking_number, s.id FROM shipments s JOIN shipment_histories h ON h.shipment_id = s.id
            WHERE h.status = 'delivered' AND h.created_at >= ? ORDER BY s.id DESC`,
      args: [since],
    });
    const want = delivered.rows.map((row) => String(row.tracking_number));
    expect(want.length).toBeGreaterThanOrEqual(3);
    const { status, body } = await list({ delivered_since: since });
    expect(status).toBe(200);
    expect(numbersOf(body)).toEqual(want);
    expect(body.meta.total).toBe(want.length);
    const searched = await list({ delivered_since: since, q: want[0]!.slice(3, 9) });
    expect(numbersOf(searched.body)).toEqual([want[0]]);
    const bad = await list({ delivered_since: 'today' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['delivered_since']);
  });

  it('walks back with before: each previous page is the page that led to the next one', async () => {
    const type = 'Walkback Crate';
    const moving = ['in_transit', 'delivered'];
    // Thirteen of this test's own: every third on hold, every other to a recipient whose name has a "þ"
    // (a character no other shipment holds, so one character is searched in the short index alone).
    await ownShipments(
      Array.from({ length: 13 }, (_, index) => ({
        package_type: type,
        status: [...moving, 'on_hold'][index % 3]!,
        sender_name: `Walkback Sender ${index}`,
        recipient_name: index % 2 === 0 ? 'Þorvald Rask' : 'Ragnar Olsen',
        origin: 'Bergen',
        destination: 'Tromsdalen',
      })),
    );
    const ofType = (row: Record<string, unknown>) => row.package_type === type;
    const isMoving = (row: Record<string, unknown>) => moving.includes(String(row.status));
    // The list's own order, then a filter, a term (of 3 characters or more, then one), and (the last two) a term
    // with filters only these shipments pass, read from the filters: a pair of characters, then a longer term.
    for (const [query, match] of [
      [{ type }, ofType],
      [{ q: 'walkback sender' }, contains('walkback sender')],
      [{ type, status: moving.join(',') }, (row) => ofType(row) && isMoving(row)],
      [{ q: 'þ' }, contains('þ')],
      [{ q: 'wa', type, status: moving.join(',') }, (row) => ofType(row) && isMoving(row) && contains('wa')(row)],
      [
        { q: 'sender', type, status: moving.join(',') },
        (row) => ofType(row) && isMoving(row) && contains('sender')(row),
      ],
    ] as Array<[Record<string, string>, (row: Record<string, unknown>) => boolean]>) {
      const pages: string[][] = [];
      const cursors: Array<string | null> = [];
      let cursor: string | null = null;
      // Each page says how many matches come before it ("Showing 5-8 of 13").
      const offsetOf = (index: number) => pages.slice(0, index).flat().length;
      do {
        const { body } = await list({ ...query, limit: 4, ...(cursor ? { cursor } : {}) });
        expect(body.meta.offset, JSON.stringify(query)).toBe(offsetOf(pages.length));
        pages.push(numbersOf(body));
        cursors.push(body.meta.prev_cursor);
        cursor = body.meta.next_cursor;
      } while (cursor);
      expect(pages.flat(), JSON.stringify(query)).toEqual(await expected(match));
      expect(pages.length, JSON.stringify(query)).toBeGreaterThan(1);
      expect(cursors[0]).toBeNull();
      // From the last page back to the first, by `before` alone.
      let before = cursors.at(-1);
      for (let index = pages.length - 2; index >= 0; index--) {
        const { status, body } = await list({ ...query, limit: 4, before: before! });
        expect(status).toBe(200);
        expect(numbersOf(body)).toEqual(pages[index]);
        expect(body.meta.offset, JSON.stringify(query)).toBe(offsetOf(index));
        expect(body.meta.next_cursor).not.toBeNull();
        before = body.meta.prev_cursor;
        if (index === 0) expect(before).toBeNull();
      }
    }
    // A cursor past the last match still answers the count.
    const past = await list({ q: 'wa', type, status: moving.join(','), cursor: 'MQ' });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.offset).toBeNull();
    expect(past.body.meta.total).toBe(
      (await expected((row) => ofType(row) && isMoving(row) && contains('wa')(row))).length,
    );
    const both = await list({ cursor: 'MTA', before: 'MTA' });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['before']);
  });

  it('pages with a cursor: no row skipped or repeated while rows are being added', async () => {
    const type = 'Cursor Check Crate';
    await ownShipments(Array.from({ length: 15 }, () => ({ package_type: type })));
    const seen: string[] = [];
    const before = await expected((row) => row.package_type === type);
    let cursor: string | null = null;
    let added = 0;
    do {
      const { status, body } = await list({ type, limit: 4, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(4);
      seen.push(...numbersOf(body));
      cursor = body.meta.next_cursor;
      // Another admin adds a shipment of the same type between page loads.
      await addByHand({ package_type: type });
      added++;
    } while (cursor);
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(added).toBeGreaterThan(1);
    expect((await list({ type })).body.meta.total).toBe(before.length + added);
  });

  it('answers 422 naming a bad limit, status or cursor', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ status: 'lost' }, 'status'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ before: 'not-a-cursor' }, 'before'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status).toBe(422);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
  });

  it('a renamed customer is found under the new name', async () => {
    const db = await getDb();
    const customer = await ownCustomer('Renamed Check Logistics');
    await ownShipments([{ customer_id: customer }, { customer_id: customer }]);
    await db.execute({
      sql: "UPDATE customers SET name = 'Zephyr Quantum Logistics' WHERE id = ?",
      args: [customer],
    });
    const { body } = await list({ q: 'zephyr quantum', limit: 200 });
    expect(body.meta.total).toBe((await expected((row) => row.customer_id === customer)).length);
    expect(body.meta.total).toBe(2);
  });

  it('finds one and two characters as the reference does after places, customers and rows change', async () => {
    const db = await getDb();
    const type = 'Characters Check Crate';
    const customer = await ownCustomer('Characters Check Freight');
    const [first, second, kelvin] = await ownShipments([
      { package_type: type, status: 'preparing', current_location: 'Bergen, Norway', origin: 'Oslo' },
      // Repeated letters, gone with the row.
      { package_type: type, sender_name: 'Maxx Ossen' },
      { package_type: type, customer_id: customer, sender_name: 'Kevin Parcel Co' },
    ]);
    await db.execute({
      sql: "UPDATE shipments SET current_location = 'Tromsø, Norway', origin = 'Åx' WHERE tracking_number = ?",
      args: [first!],
    });
    await db.execute({ sql: "UPDATE customers SET name = 'ÆQ Freight' WHERE id = ?", args: [customer] });
    // The Kelvin sign, which folds to a plain "k" by Unicode rules only.
    await db.execute({
      sql: "UPDATE shipments SET sender_name = '\u212Aelvin Parcel Co' WHERE tracking_number = ?",
      args: [kelvin!],
    });
    await db.execute({ sql: 'DELETE FROM shipments WHERE tracking_number = ?', args: [second!] });
    // Unicode case, a value of two characters, a pair across two values (the origin ends in "x", the
    // current location starts with "T"), repeated letters, and a pair no value holds.
    for (const term of ['ø', 'SØ', 'åX', 'æq', 'Q', 'xt', 'ss', 'xx', '#!']) {
      const want = await expected(contains(term));
      const { found, total, estimate } = await every({ q: term });
      expect(found, term).toEqual(want);
      expect(found, term).not.toContain(second);
      expect(total, term).toBe(Math.min(want.length, SEARCH_TOTAL_CAP));
      expect(estimate, term).toBe(want.length > SEARCH_TOTAL_CAP);
    }
    expect(await numbers({ q: 'æq' })).toEqual([kelvin]);
    expect(await numbers({ q: 'ø' })).toContain(first);
    // Plain-ASCII terms with filters only this test's shipments pass: each row is checked by LIKE, or in the index
    // when its text has other characters (Tromsø, ÆQ Freight), in any case.
    for (const [term, status] of [
      ['TROMS', SHIPMENT_STATUSES.join(',')],
      ['q fr', SHIPMENT_STATUSES.join(',')],
      ['kelvin parcel', SHIPMENT_STATUSES.join(',')],
      ['NORWAY', 'in_transit'],
    ] as const) {
      const statuses = status.split(',');
      const want = await expected(
        (row) => row.package_type === type && contains(term)(row) && statuses.includes(String(row.status)),
      );
      const { body } = await list({ q: term, type, status, limit: 200 });
      expect(numbersOf(body), term).toEqual(want);
      if (term !== 'NORWAY') expect(want.length, term).toBeGreaterThan(0);
    }
    const across = await numbers({ q: 'xt' });
    expect(across).not.toContain(first);
  });

  // Some 60 pages each counting the matches before it: the default timeout would measure a busy machine's load.
  it('pages through a search with thousands of matches without skipping or repeating', {
    timeout: 90_000,
  }, async () => {
    const db = await getDb();
    await db.execute(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 2600)
      INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination, created_at)
      SELECT printf('NECBULK%05d', n), CASE n % 3 WHEN 0 THEN 'delivered' ELSE 'in_transit' END, 'Bulk Sender', 'R', 'A',
             CASE WHEN n % 2 = 0 THEN 'Bulkville North' ELSE 'Elsewhere' END, 'D',
             strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (n / 2) || ' minutes')
      FROM seq`);
    for (const query of [{ q: 'bulkville' }, { q: 'BULK SENDER', status: 'in_transit' }, { q: 'necbulk0' }]) {
      const want = await expected(
        (row) => contains(query.q)(row) && (!('status' in query) || row.status === query.status),
      );
      expect(want.length).toBeGreaterThan(1000);
      const seen: string[] = [];
      let cursor: string | null = null;
      let before: string | null = null;
      do {
        const { status, body } = await list({ ...query, limit: 200, ...(cursor ? { cursor } : {}) });
        expect(status).toBe(200);
        seen.push(...body.data.map((row: { tracking_number: string }) => row.tracking_number));
        cursor = body.meta.next_cursor;
        before = body.meta.prev_cursor;
        // A search counts up to its cap: "1,000+" on every page.
        expect(body.meta).toMatchObject({ total: SEARCH_TOTAL_CAP, total_is_estimate: true });
      } while (cursor);
      expect(seen).toEqual(want);
      // And back from the last page to the first, by `before` alone, past the newest thousand matches.
      const back: string[] = [];
      while (before) {
        const { body } = await list({ ...query, limit: 200, before });
        back.unshift(...body.data.map((row: { tracking_number: string }) => row.tracking_number));
        before = body.meta.prev_cursor;
      }
      expect([...back, ...seen.slice(back.length)]).toEqual(want);
      expect(back.length).toBe(Math.floor((want.length - 1) / 200) * 200);
    }
  });

  // Some 300 pages over 10,500 rows, each counting the rows before it too, take minutes on a busy two-core machine;
  // the default timeout would measure load.
  it('counts exactly up to the cap (lower with a search term), then answers the cap as an estimate, and still pages through every row', async () => {
    const db = await getDb();
    await db.execute({
      sql: `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
            INSERT INTO shipments (tracking_number, status, package_type, sender_name, recipient_name, recipient_address, origin, destination)
            SELECT printf('NECCAP%06d', n), CASE n % 3 WHEN 0 THEN 'delivered' ELSE 'on_hold' END,
                   CASE WHEN n % 5 = 0 THEN 'Capped Crate' ELSE 'Standard' END, 'Cap Sender', 'R', 'A', 'Captonbury', 'D'
            FROM seq`,
      args: [LIST_TOTAL_CAP + 500],
    });
    const queries: Array<{
      query: Record<string, string>;
      match: (row: Record<string, unknown>) => boolean;
      estimate: boolean;
    }> = [
      { query: {}, match: () => true, estimate: true },
      { query: { q: 'captonbury' }, match: contains('captonbury'), estimate: true },
      {
        query: { q: 'CAPTONBURY', status: 'delivered' },
        match: (row) => contains('captonbury')(row) && row.status === 'delivered',
        estimate: true,
      },
      {
        query: { q: 'captonbury', type: 'Capped Crate', status: 'delivered' },
        match: (row) =>
          contains('captonbury')(row) && row.package_type === 'Capped Crate' && row.status === 'delivered',
        estimate: false,
      },
      { query: { q: 'neccap0005' }, match: contains('neccap0005'), estimate: false },
      { query: { status: 'on_hold' }, match: (row) => row.status === 'on_hold', estimate: false },
      { query: { q: 'pt' }, match: contains('pt'), estimate: true },
    ];
    for (const { query, match, estimate } of queries) {
      const want = await expected(match);
      const cap = query.q ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
      expect(want.length > cap, JSON.stringify(query)).toBe(estimate);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const { status, body } = await list({ ...query, limit: 200, ...(cursor ? { cursor } : {}) });
        expect(status).toBe(200);
        expect(body.meta.total, JSON.stringify(query)).toBe(Math.min(want.length, cap));
        expect(body.meta.total_is_estimate, JSON.stringify(query)).toBe(estimate);
        seen.push(...body.data.map((row: { tracking_number: string }) => row.tracking_number));
        cursor = body.meta.next_cursor;
      } while (cursor);
      expect(seen, JSON.stringify(query)).toEqual(want);
    }
  }, 300_000);
});
