import { beforeAll, describe, expect, it } from 'vitest';
import scans from '../../netlify/functions/scans-create';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import tracking from '../../netlify/functions/tracking-lookup';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// Scans of a piece's own barcode: the piece is delivered once, the shipment with its last piece (once, with one
// history entry, however many identical scans arrive at once), and until then it says how many are delivered.

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const scan = (events: unknown[]) =>
  call(scans, apiRequest('/api/scans', { json: { events }, headers: withSession(cookie) }));
const create = (number: string, pieces: number) =>
  call(
    addTracking,
    apiRequest('/api/add_tracking', {
      json: {
        tracking_number: number,
        status: 'out_for_delivery',
        sender_name: 'Ada Lovelace',
        recipient_name: 'Charles Babbage',
        recipient_mail: 'charles@mail.example',
        recipient_address: '8 Rue de Rivoli, Paris',
        origin: 'London, United Kingdom',
        destination: 'Paris, France',
        pieces: Array.from({ length: pieces }, () => ({ weight: 2 })),
      },
      headers: withSession(cookie),
    }),
  );
const lookup = async (number: string) =>
  (await call(tracking, apiRequest(`/api/tracking/${number}`), { trackingNumber: number })).body.data;
const delivered = (event_id: string, code: string, minutes = 1) => ({
  event_id,
  tracking_number: code,
  status: 'delivered',
  scanned_at: new Date(Date.now() + minutes * 1000).toISOString(),
});

async function state(number: string) {
  const db = await getDb();
  const [pieces, histories] = await db.batch([
    {
      sql: `SELECT p.number, p.delivered_at IS NOT NULL AS delivered FROM shipment_pieces p
            JOIN shipments s ON s.id = p.shipment_id WHERE s.tracking_number = ? ORDER BY p.number`,
      args: [number],
    },
    {
      sql: `SELECT h.status, h.notes FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
            WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
      args: [number],
    },
  ]);
  return {
    delivered: pieces!.rows.filter((row) => Number(row.delivered) === 1).map((row) => Number(row.number)),
    histories: histories!.rows.map((row) => ({ status: row.status, notes: row.notes })),
  };
}

describe('scans of pieces', () => {
  it('delivers the shipment with its last piece, saying how many are delivered until then', async () => {
    await create('NECSCP000001', 3);
    const first = await scan([delivered('p1', 'necscp000001-2', 1)]);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      { event_id: 'p1', tracking_number: 'NECSCP000001', piece: 2, result: 'applied', message: null },
    ]);
    let view = await lookup('NECSCP000001');
    expect(view.status).toBe('out_for_delivery');
    expect(view.pieces).toEqual({ total: 3, delivered: 1 });
    expect((await state('NECSCP000001')).histories.at(-1)).toEqual({
      status: 'out_for_delivery',
      notes: 'Piece 2 of 3 delivered',
    });

    await scan([delivered('p2', 'NECSCP000001-1', 2)]);
    view = await lookup('NECSCP000001');
    expect(view.status).toBe('out_for_delivery');
    expect(view.pieces).toEqual({ total: 3, delivered: 2 });

    await scan([delivered('p3', 'NECSCP000001-3', 3)]);
    view = await lookup('NECSCP000001');
    expect(view.status).toBe('delivered');
    expect(view.pieces).toEqual({ total: 3, delivered: 3 });
    const { delivered: done, histories } = await state('NECSCP000001');
    expect(done).toEqual([1, 2, 3]);
    expect(histories.filter((entry) => entry.status === 'delivered')).toEqual([
      { status: 'delivered', notes: 'All 3 pieces delivered' },
    ]);
  });

  it('delivers every piece when the tracking number itself is scanned delivered', async () => {
    await create('NECSCP000002', 2);
    await scan([delivered('w1', 'NECSCP000002-1', 1)]);
    await scan([delivered('w2', 'NECSCP000002', 2)]);
    expect((await state('NECSCP000002')).delivered).toEqual([1, 2]);
    expect((await lookup('NECSCP000002')).status).toBe('delivered');
  });

  it('records any other status of a piece for the shipment, saying which piece', async () => {
    await create('NECSCP000003', 2);
    const answer = await scan([
      {
        event_id: 'o1',
        tracking_number: 'NECSCP000003-2',
        status: 'delivery_failed',
        reason: 'recipient_not_home',
        scanned_at: new Date(Date.now() + 1000).toISOString(),
      },
    ]);
    expect(answer.body.meta.applied).toBe(1);
    expect((await state('NECSCP000003')).histories.at(-1)).toEqual({
      status: 'delivery_failed',
      notes: 'Piece 2 of 2',
    });
  });

  it('refuses a piece the shipment does not have, and a malformed piece code, recording nothing', async () => {
    await create('NECSCP000004', 2);
    const missing = await scan([delivered('m1', 'NECSCP000004-3')]);
    expect(missing.body.data[0]).toMatchObject({ result: 'rejected', message: 'This shipment has 2 pieces' });
    for (const code of ['NECSCP000004-0', 'NECSCP000004-', 'NECSCP000004-1000', 'NECSCP000004/2']) {
      const answer = await scan([delivered(`bad-${code}`, code)]);
      expect(answer.status).toBe(422);
      expect(answer.body.errors['events.0.tracking_number'].join(' ')).toContain("a piece's -<number>");
    }
    expect((await state('NECSCP000004')).delivered).toEqual([]);
  });

  it('records twenty identical scans of each last piece at once as one delivery, and one delivered entry', async () => {
    await create('NECSCP000005', 2);
    // The same event posted 20 times, and 20 devices scanning the other piece each with an event of its own.
    const same = Array.from({ length: 20 }, () => scan([delivered('same-event', 'NECSCP000005-1', 1)]));
    const devices = Array.from({ length: 20 }, (_, index) => scan([delivered(`device-${index}`, 'NECSCP000005-2', 1)]));
    const answers = await Promise.all([...same, ...devices]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { delivered: done, histories } = await state('NECSCP000005');
    expect(done).toEqual([1, 2]);
    expect(histories.filter((entry) => entry.status === 'delivered')).toHaveLength(1);
    expect(histories.filter((entry) => String(entry.notes).startsWith('Piece'))).toHaveLength(1);
    const db = await getDb();
    const { rows } = await db.execute(
      `SELECT count(*) AS n FROM activity_log WHERE tracking_number = 'NECSCP000005' AND action = 'status_changed'`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const mails = await db.execute(
      `SELECT count(*) AS n FROM outbox WHERE tracking_number = 'NECSCP000005' AND kind = 'status_update' AND audience = 'customer'`,
    );
    expect(Number(mails.rows[0]!.n)).toBe(1);
  });
});
