import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import { SEED_CUSTOMERS } from '../../db/seed-data';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import trackings from '../../netlify/functions/shipments-list';
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP } from '../../src/lib/schemas/shipment/list-query';
import { SHIPMENT_STATUSES } from '../../src/lib/shipment-status';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

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

/** The tracking numbers the list answers for a query, up to 200. */
const numbers = async (query: Record<string, string | number>) => {
  const { status, body } = await list({ limit: 200, ...query });
  expect(status).toBe(200);
  return body.data.map((row: { tracking_number: string }) => row.tracking_number) as string[];
};

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
    const { status, body, headers } = await list();
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['data', 'meta', 'status']);
    expect(body.status).toBe('success');
    expect(body.meta).toEqual({
      total: seeded.length,
      offset: 0,
      limit: 50,
      next_cursor: null,
      prev_cursor: null,
      total_is_estimate: false,
    });
    expect(body.data).toHaveLength(seeded.length);
    for (const row of body.data) expect(Object.keys(row).sort()).toEqual(ROW_FIELDS);
    // Newest first: id descending (the reference query's order), which the seed makes creation order.
    expect(body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(
      await expected(() => true),
    );
    const newestFirst = [...seeded].sort((a, b) =>
      a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
    );
    expect(body.data[0].tracking_number).toBe(newestFirst[0]!.tracking_number);
    const db = await getDb();
    const first = (
      await db.execute({
        sql: 'SELECT * FROM shipments WHERE tracking_number = ?',
        args: [newestFirst[0]!.tracking_number],
      })
    ).rows[0]!;
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
    const want = await expected(contains(term));
    const { status, body } = await list({ q: term, limit: 200 });
    expect(status).toBe(200);
    expect(body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(want);
    expect(body.meta.total).toBe(want.length);
    expect(body.meta.total_is_estimate).toBe(false);
  });

  it('finds places whatever their accents, and sender and recipient by email and phone, as people type them', async () => {
    const db = await getDb();
    const [plain, phoned] = [seeded[20]!, seeded[21]!];
    await db.execute({
      sql: "UPDATE shipments SET current_location = 'Sao Paulo, Brazil' WHERE tracking_number = ?",
      args: [plain.tracking_number],
    });
    await db.execute({
      sql: "UPDATE shipments SET recipient_phone = '+351 (21) 555-0199', sender_email = 'Dispatch@Zürich-Freight.example' WHERE tracking_number = ?",
      args: [phoned.tracking_number],
    });
    const accented = await expected((row) => String(row.destination).startsWith('São Paulo'));
    expect(accented.length).toBeGreaterThan(0);
    for (const term of ['sao paulo', 'SÃO PAULO', 'são']) {
      const found = await numbers({ q: term });
      expect(found, term).toEqual(await expected(contains(term)));
      // Both ways: the accented name and the plain one.
      expect(found, term).toEqual(expect.arrayContaining([...accented, plain.tracking_number]));
    }
    const email = seeded[4]!.recipient_mail;
    for (const term of [
      email,
      email.slice(2, 12).toUpperCase(),
      seeded[6]!.sender_email.split('@')[0]!,
      'zurich-freight',
      seeded[7]!.recipient_phone!,
      seeded[8]!.sender_phone!.replace(/\D/g, ''),
      seeded[9]!.recipient_phone!.slice(4).replace(/ /g, '-'),
      '(21) 555 0199',
      '351215550199',
      '21.555.0199',
    ]) {
      const want = await expected(contains(term));
      expect(want.length, term).toBeGreaterThan(0);
      expect(await numbers({ q: term }), term).toEqual(want);
      // The same term with filters few shipments pass, where rows are checked one by one.
      const status = 'in_transit,delivered,preparing,processing,on_hold';
      expect(await numbers({ q: term, status }), term).toEqual(want);
    }
    expect(await numbers({ q: '(21) 555 0199' })).toEqual([phoned.tracking_number]);
    expect(await numbers({ q: 'zurich-freight' })).toEqual([phoned.tracking_number]);
  });

  it("finds a shipment by its customer's own reference, whole, in part and by one or two characters", async () => {
    const db = await getDb();
    const [ordered, other] = [seeded[22]!, seeded[23]!];
    // Set by an update here (an import inserts it): the index follows either way.
    await db.execute({
      sql: "UPDATE shipments SET reference = 'PO-77Ω41' WHERE tracking_number = ?",
      args: [ordered.tracking_number],
    });
    await db.execute({
      sql: "UPDATE shipments SET reference = 'po-7700' WHERE tracking_number = ?",
      args: [other.tracking_number],
    });
    for (const term of ['PO-77Ω41', 'po-77ω', '7ω4', 'Ω', 'po-77', '7700']) {
      const want = await expected(contains(term));
      expect(want.length, term).toBeGreaterThan(0);
      expect(await numbers({ q: term }), term).toEqual(want);
      // With filters few shipments pass, where each row is checked on its own (by LIKE for plain ASCII).
      expect(await numbers({ q: term, status: SHIPMENT_STATUSES.join(',') }), term).toEqual(want);
    }
    expect(await numbers({ q: 'PO-77Ω41' })).toEqual([ordered.tracking_number]);
    await db.execute({
      sql: 'UPDATE shipments SET reference = NULL WHERE tracking_number = ?',
      args: [ordered.tracking_number],
    });
    expect(await numbers({ q: 'PO-77Ω41' })).toEqual([]);
  });

  it('finds a shipment by its id', async () => {
    const db = await getDb();
    const { rows } = await db.execute('SELECT id, tracking_number FROM shipments ORDER BY id DESC LIMIT 1');
    const { body } = await list({ q: String(rows[0]!.id) });
    expect(body.data.map((row: { id: number }) => row.id)).toContain(Number(rows[0]!.id));
  });

  it('filters by status and type, combined with q', async () => {
    const inTransit = await list({ status: 'in_transit' });
    expect(inTransit.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(
      await expected((row) => row.status === 'in_transit'),
    );
    const type = seeded[0]!.package_type;
    const combined = await list({ status: seeded[0]!.status, type, q: 'a' });
    expect(combined.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(
      await expected((row) => row.status === seeded[0]!.status && row.package_type === type && contains('a')(row)),
    );
  });

  it('filters by several statuses at once (the dashboard links), with and without q', async () => {
    const pending = ['preparing', 'processing', 'on_hold'];
    const { status, body } = await list({ status: pending.join(','), limit: 200 });
    expect(status).toBe(200);
    expect(body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(
      await expected((row) => pending.includes(String(row.status))),
    );
    const searched = await list({ status: 'In Transit,delivered', q: 'hamburg', limit: 200 });
    expect(searched.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(
      await expected((row) => ['in_transit', 'delivered'].includes(String(row.status)) && contains('hamburg')(row)),
    );
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
    expect(body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(want);
    expect(body.meta.total).toBe(want.length);
    const searched = await list({ delivered_since: since, q: want[0]!.slice(3, 9) });
    expect(searched.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual([want[0]]);
    const bad = await list({ delivered_since: 'today' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['delivered_since']);
  });

  it('walks back with before: each previous page is the page that led to the next one', async () => {
    // The last two: a term with filters few shipments pass, read from the filters (and a short term).
    for (const query of [
      {},
      { q: 'united' },
      { status: 'in_transit,delivered' },
      { q: 'o' },
      { q: 'an', status: 'in_transit,delivered' },
      { q: 'usa', status: 'in_transit,delivered' },
    ]) {
      const pages: string[][] = [];
      const cursors: Array<string | null> = [];
      let cursor: string | null = null;
      // Each page says how many matches come before it ("Showing 5-8 of 36").
      const offsetOf = (index: number) => pages.slice(0, index).flat().length;
      do {
        const { body } = await list({ ...query, limit: 4, ...(cursor ? { cursor } : {}) });
        expect(body.meta.offset, JSON.stringify(query)).toBe(offsetOf(pages.length));
        pages.push(body.data.map((row: { tracking_number: string }) => row.tracking_number));
        cursors.push(body.meta.prev_cursor);
        cursor = body.meta.next_cursor;
      } while (cursor);
      expect(pages.length, JSON.stringify(query)).toBeGreaterThan(1);
      expect(cursors[0]).toBeNull();
      // From the last page back to the first, by `before` alone.
      let before = cursors.at(-1);
      for (let index = pages.length - 2; index >= 0; index--) {
        const { status, body } = await list({ ...query, limit: 4, before: before! });
        expect(status).toBe(200);
        expect(body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual(pages[index]);
        expect(body.meta.offset, JSON.stringify(query)).toBe(offsetOf(index));
        expect(body.meta.next_cursor).not.toBeNull();
        before = body.meta.prev_cursor;
        if (index === 0) expect(before).toBeNull();
      }
    }
    // A cursor past the last match still answers the count.
    const past = await list({ q: 'an', status: 'in_transit,delivered', cursor: 'MQ' });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.offset).toBeNull();
    expect(past.body.meta.total).toBe(
      (await expected((row) => contains('an')(row) && ['in_transit', 'delivered'].includes(String(row.status)))).length,
    );
    const both = await list({ cursor: 'MTA', before: 'MTA' });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors)).toEqual(['before']);
  });

  it('pages with a cursor: no row skipped or repeated while rows are being added', async () => {
    const seen: string[] = [];
    const before = await expected(() => true);
    let cursor: string | null = null;
    let added = 0;
    do {
      const { status, body } = await list({ limit: 7, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(7);
      seen.push(...body.data.map((row: { tracking_number: string }) => row.tracking_number));
      cursor = body.meta.next_cursor;
      // Another admin adds a shipment between page loads.
      const created = await call(
        addTracking,
        apiRequest('/api/add_tracking', {
          json: {
            sender_name: 'S',
            recipient_name: 'R',
            recipient_address: '1 Road, D',
            origin: 'O',
            destination: 'D',
            status: 'preparing',
          },
          headers: withSession(cookie),
        }),
      );
      expect(created.status).toBe(201);
      added++;
    } while (cursor);
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await list()).body.meta.total).toBe(before.length + added);
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
    await db.execute({
      sql: "UPDATE customers SET name = 'Zephyr Quantum Logistics' WHERE id = ?",
      args: ['CUS-1004'],
    });
    const { body } = await list({ q: 'zephyr quantum', limit: 200 });
    expect(body.meta.total).toBe((await expected((row) => row.customer_id === 'CUS-1004')).length);
    expect(body.meta.total).toBeGreaterThan(0);
  });

  it('finds one and two characters as the reference does after places, customers and rows change', async () => {
    const db = await getDb();
    const [first, second] = seeded;
    await db.execute({
      sql: "UPDATE shipments SET current_location = 'Tromsø, Norway', origin = 'Åx' WHERE tracking_number = ?",
      args: [first!.tracking_number],
    });
    await db.execute({ sql: "UPDATE customers SET name = 'ÆQ Freight' WHERE id = ?", args: ['CUS-1001'] });
    // The Kelvin sign, which folds to a plain "k" by Unicode rules only.
    await db.execute({
      sql: "UPDATE shipments SET sender_name = '\u212Aelvin Parcel Co' WHERE tracking_number = ?",
      args: [seeded[2]!.tracking_number],
    });
    await db.execute({ sql: 'DELETE FROM shipments WHERE tracking_number = ?', args: [second!.tracking_number] });
    // Unicode case, a value of two characters, a pair across two values (the origin ends in "x", the
    // current location starts with "T"), repeated letters, and a pair no value holds.
    for (const term of ['ø', 'SØ', 'åX', 'æq', 'Q', 'xt', 'ss', 'xx', '#!']) {
      const want = await expected(contains(term));
      const { status, body } = await list({ q: term, limit: 200 });
      expect(status).toBe(200);
      expect(
        body.data.map((row: { tracking_number: string }) => row.tracking_number),
        term,
      ).toEqual(want);
      expect(body.meta.total).toBe(want.length);
    }
    expect((await list({ q: 'æq' })).body.meta.total).toBeGreaterThan(0);
    // Plain-ASCII terms with filters few shipments pass: each row is checked by LIKE, or in the index when its
    // text has other characters (Tromsø, ÆQ Freight), in any case.
    for (const [term, status] of [
      ['TROMS', SHIPMENT_STATUSES.join(',')],
      ['q fr', SHIPMENT_STATUSES.join(',')],
      ['kelvin parcel', SHIPMENT_STATUSES.join(',')],
      ['NORWAY', 'in_transit'],
    ] as const) {
      const statuses = status.split(',');
      const want = await expected((row) => contains(term)(row) && statuses.includes(String(row.status)));
      const { body } = await list({ q: term, status, limit: 200 });
      expect(
        body.data.map((row: { tracking_number: string }) => row.tracking_number),
        term,
      ).toEqual(want);
      if (term !== 'NORWAY') expect(want.length, term).toBeGreaterThan(0);
    }
    const across = await list({ q: 'xt', limit: 200 });
    expect(across.body.data.map((row: { tracking_number: string }) => row.tracking_number)).not.toContain(
      first!.tracking_number,
    );
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
