import { beforeAll, describe, expect, it } from 'vitest';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import shipment from '../../netlify/functions/shipments-read-edit';
import waybills from '../../netlify/functions/waybills-read';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// A shipment's pieces: given on creation (or one piece of the weight given), changed by the edit dialog's
// save, the weight derived as their total, and printed one label each.

useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

type Handler = Parameters<typeof call>[0];
const send = (handler: Handler, method: string, path: string, json?: unknown, params: Record<string, string> = {}) =>
  call(
    handler,
    apiRequest(path, { method, ...(json === undefined ? {} : { json }), headers: withSession(cookie) }),
    params,
  );

const REQUIRED = {
  status: 'processing',
  sender_name: 'Ada Lovelace',
  recipient_name: 'Charles Babbage',
  recipient_address: '8 Rue de Rivoli, Paris',
  origin: 'London, United Kingdom',
  destination: 'Paris, France',
};
const create = (number: string, fields: Record<string, unknown>) =>
  send(addTracking, 'POST', '/api/add_tracking', { tracking_number: number, ...REQUIRED, ...fields });
const edit = (number: string, patch: Record<string, unknown>) =>
  send(shipment, 'PATCH', `/api/shipments/${number}`, patch, { trackingNumber: number });

const THREE = [
  { weight: 5, length: 40, width: 30, height: 20 },
  { weight: '2.5', length: '', width: '', height: '' },
  { weight: 1, length: 10, width: 10, height: 10 },
];

describe('pieces on creation', () => {
  it('stores the pieces in order with their barcodes; the weight is their total', async () => {
    const { status, body } = await create('NECPCS000001', { pieces: THREE });
    expect(status).toBe(201);
    expect(body.data.weight).toBe(8.5);
    expect(body.data.pieces).toEqual([
      { number: 1, barcode: 'NECPCS000001-1', weight: 5, length: 40, width: 30, height: 20, delivered_at: null },
      {
        number: 2,
        barcode: 'NECPCS000001-2',
        weight: 2.5,
        length: null,
        width: null,
        height: null,
        delivered_at: null,
      },
      { number: 3, barcode: 'NECPCS000001-3', weight: 1, length: 10, width: 10, height: 10, delivered_at: null },
    ]);
  });

  it('makes one piece of the weight alone, as callers before pieces send it', async () => {
    const { status, body } = await create('NECPCS000002', { weight: 12.5 });
    expect(status).toBe(201);
    expect(body.data.weight).toBe(12.5);
    expect(body.data.pieces).toEqual([
      {
        number: 1,
        barcode: 'NECPCS000002-1',
        weight: 12.5,
        length: null,
        width: null,
        height: null,
        delivered_at: null,
      },
    ]);
  });

  it('refuses a weight that is not the total, a bad measure and no pieces, naming the field', async () => {
    const mismatch = await create('NECPCS000003', { weight: 9, pieces: THREE });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.weight.join(' ')).toContain('total of the pieces (8.5)');
    const negative = await create('NECPCS000003', { pieces: [{ weight: 1 }, { weight: -2 }] });
    expect(negative.status).toBe(422);
    expect(negative.body.errors['pieces.1.weight']).toEqual(['Must not be negative']);
    const none = await create('NECPCS000003', { pieces: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.pieces).toEqual(['A shipment has at least one piece']);
    // The matching total is welcome.
    expect((await create('NECPCS000003', { weight: 8.5, pieces: THREE })).status).toBe(201);
  });
});

describe('pieces in the edit dialog', () => {
  it('adds and removes pieces, the weight following, and records the change', async () => {
    await create('NECPCS000010', { weight: 4 });
    const grown = await edit('NECPCS000010', {
      pieces: [{ weight: 4 }, { weight: 3, length: 50, width: 40, height: 30 }],
    });
    expect(grown.status).toBe(200);
    expect(grown.body.data.weight).toBe(7);
    expect(grown.body.data.pieces.map((piece: { barcode: string }) => piece.barcode)).toEqual([
      'NECPCS000010-1',
      'NECPCS000010-2',
    ]);
    expect(grown.body.data.changes.at(-1)).toMatchObject({
      field: 'pieces',
      before: '1 piece: 4 kg',
      after: '2 pieces: 4 kg; 3 kg, 50×40×30 cm',
    });
    expect(grown.body.data.changes.some((change: { field: string }) => change.field === 'weight')).toBe(true);

    const shrunk = await edit('NECPCS000010', { pieces: [{ weight: 6 }] });
    expect(shrunk.body.data.weight).toBe(6);
    expect(shrunk.body.data.pieces).toHaveLength(1);
  });

  it('changes the weight alone of a single piece, never of several', async () => {
    await create('NECPCS000011', { weight: 2 });
    const single = await edit('NECPCS000011', { weight: 3 });
    expect(single.status).toBe(200);
    expect(single.body.data.pieces[0].weight).toBe(3);

    await create('NECPCS000012', { pieces: THREE });
    const several = await edit('NECPCS000012', { weight: 3 });
    expect(several.status).toBe(422);
    expect(several.body.errors.weight.join(' ')).toContain('total of the pieces');
    const read = await send(shipment, 'GET', '/api/shipments/NECPCS000012', undefined, {
      trackingNumber: 'NECPCS000012',
    });
    expect(read.body.data.weight).toBe(8.5);
  });
});

describe('waybills of pieces', () => {
  it('answers each shipment with its pieces, one label each', async () => {
    await create('NECPCS000020', { pieces: THREE });
    const { status, body } = await send(waybills, 'GET', '/api/waybills?numbers=NECPCS000020');
    expect(status).toBe(200);
    expect(body.data.shipments[0].pieces).toEqual([
      { number: 1, barcode: 'NECPCS000020-1', weight: 5, length: 40, width: 30, height: 20 },
      { number: 2, barcode: 'NECPCS000020-2', weight: 2.5, length: null, width: null, height: null },
      { number: 3, barcode: 'NECPCS000020-3', weight: 1, length: 10, width: 10, height: 10 },
    ]);
  });
});
