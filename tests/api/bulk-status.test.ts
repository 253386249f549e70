import { beforeAll, describe, expect, it, vi } from 'vitest';
import bulkStatus from '../../netlify/functions/bulk-status';
import shipmentsList from '../../netlify/functions/shipments-list';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The list's Change status for many shipments: by numbers or by the list's filters, written a chunk per
// transaction, each changed shipment recorded as one status update is; the answer says why the rest were not.

const getDb = useTestDatabase({ seed: true });
const dispatcher = { email: 'bulk-dispatcher@nec-cargo.example', password: 'a dispatcher changes many at once' };
let cookie: string;

beforeAll(async () => {
  await setAdminPassword(await getDb(), dispatcher.email, dispatcher.password, 'dispatcher');
  cookie = await signIn(dispatcher);
});

const post = (body: unknown, as = cookie) =>
  call(bulkStatus, apiRequest('/api/bulk/status', { json: body, headers: withSession(as) }));

let batchNumber = 0;
/**
 * Shipments of this test alone: `count` with each status given, numbered NEC + a letter of the batch
 * + digits, of a package type named after the batch (a filter that finds only them), with a recipient
 * email (so status emails are queued).
 */
async function make(statuses: Record<string, number>) {
  const db = await getDb();
  batchNumber += 1;
  const prefix = `NECB${String.fromCharCode(64 + batchNumber)}`;
  const type = `Bulk test ${batchNumber}`;
  const numbers: string[] = [];
  for (const [status, count] of Object.entries(statuses)) {
    for (let index = 0; index < count; index += 1) {
      const number = `${prefix}${String(numbers.length).padStart(7, '0')}`;
      numbers.push(number);
      await db.execute({
        sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_mail,
                recipient_address, origin, destination, package_type)
              VALUES (?, ?, 'Sender', 'Recipient', ?, '1 Main St, Lima', 'Cusco, Peru', 'Lima, Peru', ?)`,
        args: [number, status, `r.${number.toLowerCase()}@example.com`, type],
      });
    }
  }
  return { numbers, type };
}

async function countOf(sql: string, args: string[]) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]!.n);
}
const historiesOf = (numbers: string[], status: string) =>
  countOf(
    `SELECT count(*) AS n FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
     WHERE h.status = ? AND s.tracking_number IN (${numbers.map(() => '?').join(', ')})`,
    [status, ...numbers],
  );
const logLinesOf = (numbers: string[]) =>
  countOf(
    `SELECT count(*) AS n FROM activity_log WHERE action = 'status_changed'
     AND tracking_number IN (${numbers.map(() => '?').join(', ')})`,
    numbers,
  );
const emailsOf = (numbers: string[]) =>
  countOf(
    `SELECT count(*) AS n FROM outbox WHERE kind = 'status_update'
     AND tracking_number IN (${numbers.map(() => '?').join(', ')})`,
    numbers,
  );

describe('bulk status', () => {
  it('by numbers: changes those it may, and says why each other one was left', async () => {
    const { numbers } = await make({ in_transit: 2, on_hold: 1, delivered: 1 });
    const [first, second, held, delivered] = numbers as [string, string, string, string];
    const absent = 'NECZZZZZZZZZ';
    const { status, body } = await post({
      tracking_numbers: [first, second.toLowerCase(), held, delivered, absent],
      status: 'on_hold',
      note: 'Held for the storm',
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      status: 'on_hold',
      changed: [first, second],
      unchanged: [
        { tracking_number: held, reason: 'already_in_status' },
        { tracking_number: delivered, reason: 'final_status' },
        { tracking_number: absent, reason: 'not_found' },
      ],
      counts: { changed: 2, already_in_status: 1, final_status: 1, not_found: 1 },
    });
    // Each changed one as a single update records it: status, one history entry with the note, a log line, an email.
    const { rows } = await (await getDb()).execute({
      sql: `SELECT s.tracking_number, s.status, h.notes FROM shipments s
            JOIN shipment_histories h ON h.shipment_id = s.id AND h.status = 'on_hold'
            WHERE s.tracking_number IN (?, ?) ORDER BY s.tracking_number`,
      args: [first, second],
    });
    expect(rows.map((row) => [row.tracking_number, row.status, row.notes])).toEqual([
      [first, 'on_hold', 'Held for the storm'],
      [second, 'on_hold', 'Held for the storm'],
    ]);
    expect(await logLinesOf([first, second, held, delivered])).toBe(2);
    // One email each to the recipient and to the company address, as a single update sends.
    expect(await emailsOf([first, second])).toBe(4);
    expect(await emailsOf([held, delivered])).toBe(0);
    expect(
      await countOf("SELECT count(*) AS n FROM shipments WHERE tracking_number = ? AND status = 'delivered'", [
        delivered,
      ]),
    ).toBe(1);
  });

  it('by filter: every match the list finds, a transaction per 100, finished ones left', async () => {
    const { numbers, type } = await make({ processing: 230, returned_to_sender: 2 });
    const listed = await call(
      shipmentsList,
      apiRequest(`/api/trackings?type=${encodeURIComponent(type)}&limit=1`, { headers: withSession(cookie) }),
    );
    expect(listed.body.meta.total).toBe(232);

    const db = await getDb();
    const batches = vi.spyOn(db, 'batch');
    const { status, body } = await post({ filter: { type }, status: 'in_transit' });
    const writes = batches.mock.calls.filter(([, mode]) => mode === 'write');
    batches.mockRestore();
    expect(status).toBe(200);
    expect(body.data.counts).toEqual({ changed: 230, already_in_status: 0, final_status: 2, not_found: 0 });
    expect(new Set(body.data.changed)).toEqual(new Set(numbers.slice(0, 230)));
    // 232 matches: three chunks, each one write transaction.
    expect(writes).toHaveLength(3);
    expect(await historiesOf(numbers, 'in_transit')).toBe(230);
  });

  it('by filter, the list’s search and status filter read the same way (comma-separated statuses, any case)', async () => {
    const { numbers, type } = await make({ preparing: 2, on_hold: 1, in_transit: 1 });
    const { body } = await post({ filter: { type, status: 'Preparing,on_hold' }, status: 'processing' });
    expect(body.data.counts.changed).toBe(3);
    expect(body.data.changed).toEqual([numbers[2], numbers[1], numbers[0]]);
    const search = await post({ filter: { q: numbers[3] }, status: 'processing' });
    expect(search.body.data.changed).toEqual([numbers[3]]);
  });

  it('the same request twenty times at once changes each shipment once', async () => {
    const { numbers, type } = await make({ in_transit: 12 });
    const byNumbers = { tracking_numbers: numbers.slice(0, 6), status: 'out_for_delivery' };
    const byFilter = { filter: { type }, status: 'out_for_delivery' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => post(index % 2 ? byNumbers : byFilter)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const changed = answers.flatMap((answer) => answer.body.data.changed as string[]);
    expect(changed.sort()).toEqual([...numbers].sort());
    const left = answers.flatMap((answer) => answer.body.data.unchanged as Array<{ reason: string }>);
    expect(new Set(left.map((item) => item.reason))).toEqual(new Set(['already_in_status']));
    expect(await historiesOf(numbers, 'out_for_delivery')).toBe(12);
    expect(await logLinesOf(numbers)).toBe(12);
    expect(await emailsOf(numbers)).toBe(24);
  });

  it('a failed attempt carries its reason; available for pickup its depot', async () => {
    const { numbers } = await make({ out_for_delivery: 2 });
    const failed = await post({
      tracking_numbers: [numbers[0]],
      status: 'delivery_failed',
      reason: 'recipient_not_home',
    });
    expect(failed.body.data.counts.changed).toBe(1);
    expect(
      await countOf(
        `SELECT count(*) AS n FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
         WHERE s.tracking_number = ? AND h.reason = 'recipient_not_home'`,
        [numbers[0]!],
      ),
    ).toBe(1);
    const pickup = await post({
      tracking_numbers: [numbers[1]],
      status: 'available_for_pickup',
      pickup_depot: 'sacramento',
      pickup_until: '2099-01-31',
    });
    expect(pickup.body.data.counts.changed).toBe(1);
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT pickup_depot, pickup_until FROM shipments WHERE tracking_number = ?',
      args: [numbers[1]!],
    });
    expect(rows[0]).toMatchObject({ pickup_depot: 'sacramento', pickup_until: '2099-01-31' });
  });

  it('bad input is refused naming the field, and nothing changes', async () => {
    const { numbers, type } = await make({ in_transit: 2 });
    const refusals: Array<[unknown, string]> = [
      [{ status: 'on_hold' }, 'tracking_numbers'],
      [{ tracking_numbers: numbers, filter: { type }, status: 'on_hold' }, 'tracking_numbers'],
      [{ tracking_numbers: [], status: 'on_hold' }, 'tracking_numbers'],
      [{ tracking_numbers: ['NEC123'], status: 'on_hold' }, 'tracking_numbers.0'],
      [{ tracking_numbers: [numbers[0], numbers[0]], status: 'on_hold' }, 'tracking_numbers.1'],
      [
        {
          tracking_numbers: Array.from({ length: 501 }, (_, i) => `NECQ${String(i).padStart(8, '0')}`),
          status: 'on_hold',
        },
        'tracking_numbers',
      ],
      [{ tracking_numbers: numbers, status: 'lost in space' }, 'status'],
      [{ tracking_numbers: numbers }, 'status'],
      [{ tracking_numbers: numbers, status: 'delivery_failed' }, 'reason'],
      [{ tracking_numbers: numbers, status: 'exception', reason: 'other' }, 'note'],
      [{ tracking_numbers: numbers, status: 'available_for_pickup' }, 'pickup_depot'],
      [{ filter: { type, status: 'sideways' }, status: 'on_hold' }, 'filter.status'],
    ];
    for (const [body, field] of refusals) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await historiesOf(numbers, 'on_hold')).toBe(0);
  });

  it('a filter matching more than 1,000 is refused on `filter`: narrow it', async () => {
    const db = await getDb();
    await db.execute(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001)
      INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin,
                             destination, package_type)
      SELECT printf('NECW%08d', i), 'processing', 'S', 'R', 'A', 'O', 'D', 'Many' FROM n`);
    const { status, body } = await post({ filter: { type: 'Many' }, status: 'in_transit' });
    expect(status).toBe(422);
    expect(body.errors.filter[0]).toMatch(/more than 1000 shipments/);
    expect(
      await countOf("SELECT count(*) AS n FROM shipments WHERE package_type = ? AND status = 'processing'", ['Many']),
    ).toBe(1001);
  });

  it('viewers and drivers may not call it: 403, nothing changed', async () => {
    const db = await getDb();
    const { numbers } = await make({ in_transit: 1 });
    for (const role of ['viewer', 'driver'] as const) {
      const member = { email: `bulk-${role}@nec-cargo.example`, password: `a ${role} only looks here` };
      await setAdminPassword(db, member.email, member.password, role);
      const answer = await post({ tracking_numbers: numbers, status: 'on_hold' }, await signIn(member));
      expect(answer.status).toBe(403);
    }
    expect(await historiesOf(numbers, 'on_hold')).toBe(0);
    // Two accounts' passwords hashed and two sign-ins: slow on a busy machine.
  }, 60_000);
});
