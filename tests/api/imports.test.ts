import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import importsFailed from '../../netlify/functions/imports-failed';
import imports from '../../netlify/functions/imports-list-send';
import list from '../../netlify/functions/shipments-list';
import shipment from '../../netlify/functions/shipments-read-edit';
import tracking from '../../netlify/functions/tracking-lookup';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import type { ImportCells } from '../../src/lib/schemas/shipment/import-row';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// Importing shipments a chunk at a time: every row checked with the New Shipment rules, a reference imported
// once however often it is sent (20 copies at once included), the history's counts and its failed rows' file.

const getDb = useTestDatabase({ seed: true });
const dispatcher = { email: 'imports-dispatcher@nec-cargo.example', password: 'a dispatcher imports shipments' };
let cookie: string;
beforeAll(async () => {
  const db = await getDb();
  await setAdminPassword(db, dispatcher.email, dispatcher.password, 'dispatcher');
  cookie = await signIn(dispatcher);
});

/** A valid row with a reference of its own. */
const row = (reference: string, cells: ImportCells = {}): ImportCells => ({
  reference,
  status: 'Preparing',
  sender_name: 'Fjord Foods',
  recipient_name: 'Kari Nordmann',
  recipient_address: 'Storgata 1, Tromsø',
  origin: 'Oslo, Norway',
  destination: 'Tromsø, Norway',
  weight: '12.5',
  ...cells,
});
const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

interface Sent {
  key?: string;
  file_name?: string;
  chunk?: number;
  rows: Array<{ line: number; cells: ImportCells }>;
}
const send = (body: Sent, as = cookie) =>
  call(
    imports,
    apiRequest('/api/imports', {
      method: 'POST',
      json: { key: randomUUID(), file_name: 'orders.csv', chunk: 0, ...body },
      headers: withSession(as),
    }),
  );
const lines = (cells: ImportCells[]) => cells.map((each, index) => ({ line: index + 2, cells: each }));
const history = async () => (await call(imports, apiRequest('/api/imports', { headers: withSession(cookie) }))).body;

describe('imports', () => {
  it('creates a shipment per valid row, with its reference, history entry and activity', async () => {
    const reference = unique('ORD');
    const answer = await send({ rows: lines([row(reference, { customer_id: 'cus-1001', admin_notes: 'Fragile' })]) });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ created: 1, skipped: 0, failed: [] });
    const db = await getDb();
    const { rows } = await db.execute({
      sql: `SELECT s.tracking_number, s.customer_id, s.weight, s.status,
              (SELECT count(*) FROM shipment_histories h WHERE h.shipment_id = s.id) AS histories,
              (SELECT count(*) FROM shipment_notes n WHERE n.shipment_id = s.id) AS notes,
              (SELECT count(*) FROM activity_log a WHERE a.shipment_id = s.id) AS activity
            FROM shipments s WHERE s.reference = ?`,
      args: [reference],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customer_id: 'CUS-1001',
      weight: 12.5,
      status: 'preparing',
      histories: 1,
      notes: 1,
      activity: 1,
    });
    expect(String(rows[0]!.tracking_number)).toMatch(/^NEC/);
    // Staff read the shipment with the customer's reference, which the public lookup never shows.
    const number = String(rows[0]!.tracking_number);
    const read = await call(shipment, apiRequest(`/api/shipments/${number}`, { headers: withSession(cookie) }), {
      tracking_number: number,
    });
    expect(read.body.data).toMatchObject({ tracking_number: number, reference });
    // The list's search finds it by the reference.
    const searched = await call(list, apiRequest(`/api/trackings?q=${reference}`, { headers: withSession(cookie) }));
    expect(searched.body.data.map((found: { tracking_number: string }) => found.tracking_number)).toEqual([number]);
    const lookup = await call(tracking, apiRequest(`/api/tracking/${number}`), { trackingNumber: number });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.body)).not.toContain(reference);
  });

  it('refuses invalid rows naming their line and field, and imports the rest', async () => {
    const good = unique('OK');
    const answer = await send({
      rows: [
        { line: 2, cells: row(good) },
        { line: 3, cells: row(unique('BAD'), { weight: 'heavy', recipient_mail: 'nobody' }) },
        { line: 4, cells: row('', { status: 'lost' }) },
        { line: 5, cells: row(unique('WHO'), { customer_id: 'CUS-9999' }) },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.created).toBe(1);
    expect(answer.body.data.failed).toEqual([
      { line: 3, errors: { weight: ['Must be a number'], recipient_mail: ['Must be a valid email address'] } },
      {
        line: 4,
        errors: { status: [expect.stringMatching(/^Must be one of/)], reference: ['Reference is required'] },
      },
      { line: 5, errors: { customer_id: ['Unknown customer'] } },
    ]);
  });

  it('a formula in a cell is stored as text', async () => {
    const reference = unique('FX');
    await send({ rows: lines([row(reference, { sender_name: '=HYPERLINK("http://evil.example")' })]) });
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT sender_name FROM shipments WHERE reference = ?',
      args: [reference],
    });
    expect(rows[0]?.sender_name).toBe('=HYPERLINK("http://evil.example")');
  });

  it('a reference imported twice creates nothing new; another customer may use the same reference', async () => {
    const reference = unique('TWICE');
    const first = await send({ rows: lines([row(reference)]) });
    const again = await send({ rows: lines([row(reference, { sender_name: 'Changed' })]) });
    expect(first.body.data).toMatchObject({ created: 1, skipped: 0 });
    expect(again.body.data).toMatchObject({ created: 0, skipped: 1 });
    const other = await send({ rows: lines([row(reference, { customer_id: 'CUS-1002' })]) });
    expect(other.body.data).toMatchObject({ created: 1, skipped: 0 });
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT sender_name FROM shipments WHERE reference = ? ORDER BY id',
      args: [reference],
    });
    expect(rows.map((found) => found.sender_name)).toEqual(['Fjord Foods', 'Fjord Foods']);
  });

  it('the same chunk 20 times at once creates each shipment once and is counted once', async () => {
    const key = randomUUID();
    const references = Array.from({ length: 30 }, () => unique('RACE'));
    const body = { key, file_name: 'race.csv', rows: lines(references.map((reference) => row(reference))) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.reduce((sum, answer) => sum + answer.body.data.created, 0)).toBe(30);
    expect(new Set(answers.map((answer) => answer.body.data.import_id)).size).toBe(1);
    const { rows } = await (await getDb()).execute({
      sql: `SELECT count(*) AS n FROM shipments WHERE reference IN (${references.map(() => '?').join(', ')})`,
      args: references,
    });
    expect(rows[0]?.n).toBe(30);
    const entry = (await history()).data.find((each: { file_name: string }) => each.file_name === 'race.csv');
    expect(entry).toMatchObject({ created: 30, skipped: 0, failed: 0, created_by_email: dispatcher.email });
  });

  it('the history sums every chunk of a file, and its failed rows download as formula-safe CSV', async () => {
    const key = randomUUID();
    const file_name = `${unique('history')}.csv`;
    await send({ key, file_name, chunk: 0, rows: lines([row(unique('H')), row(unique('H'), { weight: '=2+3' })]) });
    const second = await send({ key, file_name, chunk: 1, rows: [{ line: 502, cells: row(unique('H')) }] });
    const entry = (await history()).data.find((each: { file_name: string }) => each.file_name === file_name);
    expect(entry).toMatchObject({ id: second.body.data.import_id, created: 2, skipped: 0, failed: 1 });

    const csv = await call(
      importsFailed,
      apiRequest(`/api/imports/${entry.id}/failed`, { headers: withSession(cookie) }),
      { importId: String(entry.id) },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, failedLine, end] = String(csv.body).split('\r\n');
    expect(header).toMatch(/^Reference,Customer,Order date,Status,/);
    expect(header).toMatch(/,Line,Errors$/);
    expect(failedLine).toContain(",'=2+3,");
    expect(failedLine).toMatch(/,3,Weight \(kg\): Must be a number$/);
    expect(end).toBe('');
  });

  it('refuses chunks over the limits, naming the field', async () => {
    const many = lines(Array.from({ length: 501 }, (_, index) => row(`MANY-${index}`)));
    const tooMany = await send({ rows: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ rows: ['Send at most 500 rows at a time'] });
    const empty = await send({ rows: [] });
    expect(empty.body.errors).toEqual({ rows: ['Send at least one row'] });
    const late = await send({ chunk: 20, rows: lines([row(unique('LATE'))]) });
    expect(late.body.errors).toEqual({ chunk: ['Must be less than 20'] });
    const noKey = await send({ key: 'not-a-key', rows: lines([row(unique('KEY'))]) });
    expect(noKey.body.errors).toEqual({ key: ['Must be a UUID'] });
  });

  it('an unknown import has no failed rows to download', async () => {
    const answer = await call(
      importsFailed,
      apiRequest('/api/imports/999999/failed', { headers: withSession(cookie) }),
      { importId: '999999' },
    );
    expect(answer.status).toBe(404);
  });

  // Two sign-ins with slow password hashing: more than the usual 20 s on a busy machine.
  it('drivers and viewers may not import or read the history', { timeout: 60_000 }, async () => {
    const db = await getDb();
    await Promise.all(
      (['driver', 'viewer'] as const).map(async (role) => {
        const member = { email: `imports-${role}@nec-cargo.example`, password: `a ${role} reads but never imports` };
        await setAdminPassword(db, member.email, member.password, role);
        const theirs = await signIn(member);
        const reference = unique(role);
        const answer = await send({ rows: lines([row(reference)]) }, theirs);
        expect(answer.status).toBe(403);
        const listed = await call(imports, apiRequest('/api/imports', { headers: withSession(theirs) }));
        expect(listed.status).toBe(403);
        const { rows } = await db.execute({ sql: 'SELECT 1 FROM shipments WHERE reference = ?', args: [reference] });
        expect(rows).toHaveLength(0);
      }),
    );
  });
});
