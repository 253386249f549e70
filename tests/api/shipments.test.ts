import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { buildSeedShipments } from '../../db/seed';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import createFromDialog from '../../netlify/functions/shipments-create';
import shipment from '../../netlify/functions/shipments-read-edit';
import updateLocation from '../../netlify/functions/shipments-update-location';
import updateStatus from '../../netlify/functions/shipments-update-status';
import tracking from '../../netlify/functions/tracking-lookup';
import { createShipmentFromDialog, dialogReads } from '../../netlify/lib/shipments';
import { ADDRESS_NOT_IN_DESTINATION, SHIPMENT_FIELDS } from '../../src/lib/schemas/shipment/create';
import { TRACKING_NUMBER_PATTERN } from '../../src/lib/tracking-number';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

type Handler = Parameters<typeof call>[0];
const send = (handler: Handler, method: string, path: string, json: unknown, params: Record<string, string> = {}) =>
  call(handler, apiRequest(path, { method, json, headers: withSession(cookie) }), params);

const FULL = {
  order_date: '2026-11-20',
  status: 'processing',
  courier: 'NEC Air Express',
  sender_name: 'Ada Lovelace',
  sender_address: '12 St James Square, London',
  sender_email: 'ada@mail.example',
  sender_phone: '+44 20 7946 0000',
  recipient_name: 'Charles Babbage',
  recipient_address: '8 Rue de Rivoli, Paris',
  recipient_mail: 'charles@mail.example',
  recipient_phone: '+44 20 7946 0001',
  weight: 12.5,
  dimensions: '40 x 30 x 20 cm',
  package_type: 'Fragile',
  contents: 'Difference engine parts',
  declared_value: 1500,
  origin: 'London, United Kingdom',
  destination: 'Paris, France',
  shipping_date: '2026-11-21',
  estimated_delivery: '2026-11-25',
  delivery_method: 'Air freight',
  customs_status: 'Cleared',
  customs_fees: 45,
  delivery_date: null,
  agent_notes: 'Handle with care',
  admin_notes: 'VIP',
  current_location: 'London, United Kingdom',
  arrival_time: '2026-11-25T10:00',
};

async function counts() {
  const db = await getDb();
  const { rows } = await db.execute(
    `SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM shipment_histories) AS h,
            (SELECT count(*) FROM activity_log) AS a, (SELECT count(*) FROM shipment_notes) AS n`,
  );
  return {
    shipments: Number(rows[0]!.s),
    histories: Number(rows[0]!.h),
    activity: Number(rows[0]!.a),
    notes: Number(rows[0]!.n),
  };
}

/** Every creation field (admin_notes now the notes' texts, kept for older clients) plus the record fields and lists. */
const SHIPMENT_KEYS = [
  ...SHIPMENT_FIELDS,
  'id',
  'customer_id',
  'created_at',
  'updated_at',
  // The customer's own reference: an imported shipment's, null for one made by hand.
  'reference',
  'histories',
  'notes',
  'changes',
  'pieces',
  // The last mile's next step: the next attempt's day, or the depot and the last day it keeps the parcel.
  'next_attempt_on',
  'pickup_depot',
  'pickup_until',
].sort();

function expectShipmentShape(data: Record<string, unknown>) {
  expect(Object.keys(data).sort()).toEqual(SHIPMENT_KEYS);
}

async function lastActivity() {
  const db = await getDb();
  const { rows } = await db.execute('SELECT * FROM activity_log ORDER BY id DESC LIMIT 1');
  return rows[0]!;
}

describe('POST /api/add_tracking', () => {
  it('creates the shipment with every field and its first history entry, and logs it', async () => {
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      tracking_number: 'NECADA000001',
      ...FULL,
      ignored: 'x',
    });
    expect(status).toBe(201);
    expect(body.status).toBe('success');
    expect(body.message).toBe('Shipment NECADA000001 added successfully!');
    expectShipmentShape(body.data);
    expect(body.data).toMatchObject({
      ...FULL,
      // Next arrival is stored as the instant, read as UTC without a zone.
      arrival_time: '2026-11-25T10:00:00.000Z',
      tracking_number: 'NECADA000001',
      customer_id: null,
    });
    expect(body.data.id).toEqual(expect.any(Number));
    // The first entry is placed at the origin; nothing is written into its note.
    expect(body.data.histories).toEqual([
      {
        id: expect.any(Number),
        status: 'processing',
        created_at: body.data.created_at,
        notes: null,
        location_city: 'London',
        location_country: 'United Kingdom',
        expected_arrival: null,
        reason: null,
      },
    ]);
    expect(body.data.notes).toEqual([
      { id: expect.any(Number), author: TEST_ADMIN.email, created_at: body.data.created_at, text: 'VIP' },
    ]);
    const activity = await lastActivity();
    expect(activity).toMatchObject({
      action: 'shipment_created',
      actor_email: TEST_ADMIN.email,
      tracking_number: 'NECADA000001',
      shipment_id: body.data.id,
      details: 'Shipment created (Processing)',
    });
  });

  it('generates a tracking number when none is given, accepts numeric text and blank optional fields', async () => {
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      ...FULL,
      tracking_number: '',
      weight: '3.25',
      courier: '',
      sender_email: '',
      order_date: '',
      status: 'In Transit',
    });
    expect(status).toBe(201);
    expect(body.data.tracking_number).toMatch(TRACKING_NUMBER_PATTERN);
    expect(body.message).toBe(`Shipment ${body.data.tracking_number} added successfully!`);
    expect(body.data).toMatchObject({
      weight: 3.25,
      courier: null,
      sender_email: null,
      order_date: null,
      status: 'in_transit',
    });
  });

  it('answers 422 naming each invalid field and writes nothing', async () => {
    const before = await counts();
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      tracking_number: 'NEC123',
      status: 'lost',
      sender_name: 42,
      recipient_address: '',
      weight: -1,
      declared_value: 'lots',
      sender_email: 'not-an-email',
      order_date: '2026-02-30',
      shipping_date: '21/11/2026',
      origin: 'x'.repeat(201),
    });
    expect(status).toBe(422);
    expect(body.status).toBe('error');
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).sort()).toEqual([
      'declared_value',
      'destination',
      'order_date',
      'origin',
      'recipient_address',
      'recipient_name',
      'sender_email',
      'sender_name',
      'shipping_date',
      'status',
      'tracking_number',
      'weight',
    ]);
    for (const messages of Object.values(body.errors)) expect(messages).toEqual([expect.any(String)]);
    expect(body.errors.recipient_name).toEqual(['Recipient name is required']);
    expect(await counts()).toEqual(before);
  });

  it("answers 422 on recipient_address when it is not in the destination's city", async () => {
    const before = await counts();
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      ...FULL,
      recipient_address: '1 Dorset Street, London',
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ recipient_address: [ADDRESS_NOT_IN_DESTINATION] });
    expect(await counts()).toEqual(before);
  });

  it('answers 422 on tracking_number for a duplicate', async () => {
    const before = await counts();
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      ...FULL,
      tracking_number: seeded[0]!.tracking_number.toLowerCase(),
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ tracking_number: ['This tracking number is already in use'] });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for malformed JSON, 413 over 64 KB, 415 without JSON', async () => {
    const raw = (body: string, type = 'application/json') =>
      call(
        addTracking,
        apiRequest('/api/add_tracking', {
          method: 'POST',
          body,
          headers: withSession(cookie, { 'Content-Type': type }),
        }),
      );
    expect((await raw('{"status":')).status).toBe(400);
    const huge = await raw(JSON.stringify({ ...FULL, contents: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ status: 'error', message: 'Request body is too large (64 KB at most)' });
    expect((await raw('status=preparing', 'text/plain')).status).toBe(415);
  });
});

describe('POST /api/shipments (the add dialog)', () => {
  it('maps the dialog onto a shipment of the customer, generating the number', async () => {
    const { status, body } = await send(createFromDialog, 'POST', '/api/shipments', {
      customer: 'Redwood Furniture Co.',
      origin: 'Portland, USA',
      destination: 'Sydney, Australia',
      estimated_delivery: '2026-12-01',
      arrival_time: '2026-11-28T06:15:00+11:00',
      type: 'Pallet',
      status: 'Preparing',
      notes: 'Call before delivery',
    });
    expect(status).toBe(201);
    expect(body.status).toBe('success');
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expectShipmentShape(body.data);
    expect(body.data.tracking_number).toMatch(TRACKING_NUMBER_PATTERN);
    expect(body.data).toMatchObject({
      customer_id: 'CUS-1002',
      sender_name: 'Redwood Furniture Co.',
      sender_email: 'shipping@redwoodfurniture.example',
      recipient_name: 'Redwood Furniture Co.',
      recipient_address: 'Sydney, Australia',
      origin: 'Portland, USA',
      destination: 'Sydney, Australia',
      estimated_delivery: '2026-12-01',
      arrival_time: '2026-11-27T19:15:00.000Z',
      package_type: 'Pallet',
      status: 'preparing',
      current_location: 'Portland, USA',
    });
    expect(body.data.notes).toMatchObject([{ author: TEST_ADMIN.email, text: 'Call before delivery' }]);
    expect(body.data.histories).toHaveLength(1);
    expect((await lastActivity()).action).toBe('shipment_created');
  });

  it('takes the former eta as the estimated delivery only, never the next arrival', async () => {
    const { status, body } = await send(createFromDialog, 'POST', '/api/shipments', {
      customer: 'CUS-1003',
      origin: 'A',
      destination: 'B',
      eta: '2026-12-05',
      status: 'processing',
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ estimated_delivery: '2026-12-05', arrival_time: null, notes: [] });
  });

  it("dates the order by the company's calendar: 9 pm in Sacramento is still that day there", async () => {
    const db = await getDb();
    const input = { customer: 'CUS-1004', origin: 'A', destination: 'B', status: 'processing' as const };
    const reads = await db.batch(dialogReads(input), 'read');
    const created = await createShipmentFromDialog(
      db,
      input,
      { id: 1, email: TEST_ADMIN.email, role: 'admin', address: '192.0.2.1' },
      reads,
      new Date('2026-03-15T04:00:00.000Z'),
    );
    expect(created.order_date).toBe('2026-03-14');
  });

  it('finds the customer by id too', async () => {
    const { status, body } = await send(createFromDialog, 'POST', '/api/shipments', {
      customer: 'cus-1005',
      origin: 'A',
      destination: 'B',
      status: 'processing',
    });
    expect(status).toBe(201);
    expect(body.data.customer_id).toBe('CUS-1005');
  });

  it('answers 422 for an unknown customer and for missing fields, writing nothing', async () => {
    const before = await counts();
    const unknown = await send(createFromDialog, 'POST', '/api/shipments', {
      customer: 'Nobody Ltd',
      origin: 'A',
      destination: 'B',
      status: 'preparing',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: { customer: ['Unknown customer'] },
    });
    const missing = await send(createFromDialog, 'POST', '/api/shipments', { eta: 'soon' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['customer', 'destination', 'eta', 'origin', 'status']);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/shipments/{tracking_number} (staff read)', () => {
  const sample = seeded[0]!;
  const read = (tn: string, headers: HeadersInit = withSession(cookie)) =>
    call(shipment, apiRequest(`/api/shipments/${encodeURIComponent(tn)}`, { headers }), { trackingNumber: tn });

  it('answers the whole shipment (every creation field plus histories and staff notes) to an admin session', async () => {
    const { status, body, headers } = await read(sample.tracking_number.toLowerCase());
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('success');
    expectShipmentShape(body.data);
    const {
      histories,
      note,
      created_at: _created,
      arrival_time: _arrival,
      shipping_date: _shipping,
      estimated_delivery: _eta,
      order_date: _order,
      delivery_date: _delivered,
      ...fixed
    } = sample;
    expect(body.data).toMatchObject(fixed);
    expect(body.data.histories.map((h: { notes: string }) => h.notes)).toEqual(histories.map((h) => h.notes));
    expect(body.data.notes.map((n: { text: string }) => n.text)).toEqual(note ? [note] : []);
  });

  it('answers 404 for an unknown or malformed number', async () => {
    for (const tn of ['NEC000000000', 'NEC12']) {
      const { status, body } = await read(tn);
      expect(status).toBe(404);
      expect(body).toEqual({ status: 'error', message: 'Shipment not found.' });
    }
  });
});

describe('PATCH /api/shipments/{tracking_number}', () => {
  const patch = (json: unknown, tn: string) =>
    send(shipment, 'PATCH', `/api/shipments/${tn}`, json, { trackingNumber: tn });
  /** A shipment of the calling test's own (FULL's fields and `fields`, its number generated): the tests edit theirs, in any order. */
  async function ownShipment(fields: Record<string, unknown> = {}) {
    const { status, body } = await send(addTracking, 'POST', '/api/add_tracking', {
      ...FULL,
      tracking_number: '',
      ...fields,
    });
    expect(status).toBe(201);
    return body.data as { tracking_number: string; origin: string; status: string; notes: unknown[] };
  }

  it('changes only the given fields, appends the note and logs the edit', async () => {
    const own = await ownShipment();
    const number = own.tracking_number;
    const before = await counts();
    const { status, body } = await patch(
      {
        destination: 'Tokyo, Japan',
        recipient_address: '2-1 Marunouchi, Tokyo',
        estimated_delivery: '2026-12-24',
        arrival_time: '2026-12-22T18:45:00+09:00',
        notes: 'Gift',
        unknown: 1,
      },
      number,
    );
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('success');
    expectShipmentShape(body.data);
    expect(body.data).toMatchObject({
      tracking_number: number,
      destination: 'Tokyo, Japan',
      recipient_address: '2-1 Marunouchi, Tokyo',
      estimated_delivery: '2026-12-24',
      // The time of day is kept, as an instant.
      arrival_time: '2026-12-22T09:45:00.000Z',
      origin: own.origin,
      status: own.status,
    });
    expect(body.data.notes.at(-1)).toEqual({
      id: expect.any(Number),
      author: TEST_ADMIN.email,
      created_at: body.data.updated_at,
      text: 'Gift',
    });
    expect(await counts()).toEqual({ ...before, activity: before.activity + 1, notes: before.notes + 1 });
    expect(await lastActivity()).toMatchObject({
      action: 'shipment_edited',
      details: 'Edited destination, recipient address, estimated delivery, next arrival; added a note',
      tracking_number: number,
    });
  });

  it('corrects contact details, goods, courier and customs, recording each field before and after', async () => {
    const target = seeded[7]!;
    const tn = target.tracking_number;
    const { status, body } = await patch(
      {
        sender_name: 'Grace Hopper',
        sender_email: 'grace@mail.example',
        sender_phone: '+1 202 555 0100',
        sender_address: '1 Navy Yard, Washington',
        recipient_name: 'Alan Turing',
        recipient_mail: 'alan@mail.example',
        recipient_phone: '+44 161 555 0101',
        weight: '7.25',
        dimensions: '50 x 40 x 30 cm',
        contents: 'Bombe rotor',
        declared_value: 900,
        courier: 'NEC Road',
        customs_status: 'Held for inspection',
        customs_fees: 12,
        delivery_method: 'Road',
        agent_notes: 'Call first',
      },
      tn,
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      sender_name: 'Grace Hopper',
      sender_email: 'grace@mail.example',
      recipient_name: 'Alan Turing',
      recipient_mail: 'alan@mail.example',
      weight: 7.25,
      declared_value: 900,
      courier: 'NEC Road',
      customs_status: 'Held for inspection',
      customs_fees: 12,
    });
    const byField = Object.fromEntries(
      body.data.changes.map((change: { field: string; before: unknown; after: unknown }) => [
        change.field,
        [change.before, change.after],
      ]),
    );
    expect(byField).toMatchObject({
      sender_name: [target.sender_name, 'Grace Hopper'],
      recipient_name: [target.recipient_name, 'Alan Turing'],
      weight: [target.weight ?? null, 7.25],
      courier: [target.courier ?? null, 'NEC Road'],
      customs_status: [target.customs_status ?? null, 'Held for inspection'],
    });
    expect(body.data.changes[0]).toMatchObject({ author: TEST_ADMIN.email, created_at: body.data.updated_at });
    expect((await lastActivity()).details).toMatch(/^Edited sender name, sender email, .*customs status/);

    // Clearing an optional field is recorded as a change to null; the names cannot be emptied.
    const cleared = await patch({ courier: null, sender_name: '' }, tn);
    expect(cleared.body.data).toMatchObject({ courier: null, sender_name: 'Grace Hopper' });
    expect(cleared.body.data.changes.at(-1)).toMatchObject({ field: 'courier', before: 'NEC Road', after: null });
    const bad = await patch({ sender_email: 'nope', weight: -1, declared_value: 'lots' }, tn);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['declared_value', 'sender_email', 'weight']);
  });

  it('twenty saves of the same change at once record it once', async () => {
    const tn = seeded[8]!.tracking_number;
    const answers = await Promise.all(Array.from({ length: 20 }, () => patch({ contents: 'Twenty at once' }, tn)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const db = await getDb();
    const { rows } = await db.execute({
      sql: `SELECT count(*) AS n FROM shipment_changes c JOIN shipments s ON s.id = c.shipment_id
            WHERE s.tracking_number = ? AND c.field = 'contents'`,
      args: [tn],
    });
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('edits estimated delivery and next arrival each on its own', async () => {
    const tn = (await ownShipment({ estimated_delivery: '2026-12-24', arrival_time: '2026-12-22T18:45:00+09:00' }))
      .tracking_number;
    const { body: first } = await patch({ estimated_delivery: '2026-12-30' }, tn);
    expect(first.data).toMatchObject({ estimated_delivery: '2026-12-30', arrival_time: '2026-12-22T09:45:00.000Z' });
    const { body: second } = await patch({ arrival_time: '2026-12-29T07:30' }, tn);
    expect(second.data).toMatchObject({ estimated_delivery: '2026-12-30', arrival_time: '2026-12-29T07:30:00.000Z' });
    // The former eta field is the estimated delivery only.
    const { body: third } = await patch({ eta: '2026-12-31' }, tn);
    expect(third.data).toMatchObject({ estimated_delivery: '2026-12-31', arrival_time: '2026-12-29T07:30:00.000Z' });
  });

  it('appends notes: each save with a note adds one, nothing is replaced', async () => {
    const own = await ownShipment();
    const tn = own.tracking_number;
    const before = (await patch({}, tn)).body.data.notes.length;
    expect(before).toBe(own.notes.length);
    await patch({ notes: 'First call: no answer' }, tn);
    const { body } = await patch({ notes: 'Second call: delivery on Monday', origin: own.origin }, tn);
    expect(body.data.notes.slice(before).map((n: { text: string }) => n.text)).toEqual([
      'First call: no answer',
      'Second call: delivery on Monday',
    ]);
    expect(await lastActivity()).toMatchObject({ action: 'shipment_edited', details: 'Added a note' });
  });

  it('keeps destination and recipient address together', async () => {
    // Bound for Paris, to an address there.
    const tn = (await ownShipment()).tracking_number;
    const before = await counts();
    const alone = await patch({ destination: 'Montreal, Canada' }, tn);
    expect(alone.status).toBe(422);
    expect(alone.body.errors).toEqual({
      recipient_address: ["Enter the recipient's address in the new destination too"],
    });
    const elsewhere = await patch(
      { destination: 'Montreal, Canada', recipient_address: '1 Front Street, Toronto' },
      tn,
    );
    expect(elsewhere.body.errors).toEqual({ recipient_address: [ADDRESS_NOT_IN_DESTINATION] });
    const moved = await patch({ recipient_address: '1 Front Street, Toronto' }, tn);
    expect(moved.body.errors).toEqual({ recipient_address: [ADDRESS_NOT_IN_DESTINATION] });
    expect(await counts()).toEqual(before);

    // A quick-add shipment's address is its destination: it follows the destination.
    const created = await send(createFromDialog, 'POST', '/api/shipments', {
      customer: 'CUS-1001',
      origin: 'Sacramento, USA',
      destination: 'Toronto, Canada',
      status: 'processing',
    });
    const quick = created.body.data.tracking_number;
    const { status, body } = await patch({ destination: 'Montreal, Canada' }, quick);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ destination: 'Montreal, Canada', recipient_address: 'Montreal, Canada' });
  });

  it('a status change appends a history entry', async () => {
    const tn = (await ownShipment({ status: 'processing' })).tracking_number;
    const { body } = await patch({ status: 'on_hold' }, tn);
    expect(body.data.status).toBe('on_hold');
    expect(body.data.histories.at(-1)).toMatchObject({ status: 'on_hold', notes: null });
    expect(await lastActivity()).toMatchObject({ action: 'status_changed', details: 'Status changed to On Hold' });
  });

  it('an unchanged save writes nothing', async () => {
    const tn = (await ownShipment({ status: 'processing' })).tracking_number;
    expect((await patch({ status: 'on_hold' }, tn)).body.data.status).toBe('on_hold');
    const before = await counts();
    const { status } = await patch({ status: 'on_hold' }, tn);
    expect(status).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown shipment and 422 for wrong types', async () => {
    expect(await patch({ origin: 'X' }, 'NEC000000000')).toMatchObject({
      status: 404,
      body: { status: 'error', message: 'Shipment not found.' },
    });
    const tn = (await ownShipment()).tracking_number;
    const wrong = await patch({ status: 7, estimated_delivery: '2026-13-01', arrival_time: 'soon' }, tn);
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['arrival_time', 'estimated_delivery', 'status']);
  });
});

describe('PUT /api/tracking/{tracking_number}/update', () => {
  const number = seeded[2]!.tracking_number;
  const put = (json: unknown, tn = number) =>
    send(updateStatus, 'PUT', `/api/tracking/${tn}/update`, json, { trackingNumber: tn });

  it('sets the status and appends the history entry with the note', async () => {
    const { status, body } = await put({ tracking_number: number, status: 'delivered', note: 'Signed for by J. Doe' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('success');
    expectShipmentShape(body.data);
    expect(body.data.status).toBe('delivered');
    expect(body.data.histories.at(-1)).toEqual({
      id: expect.any(Number),
      status: 'delivered',
      created_at: body.data.updated_at,
      notes: 'Signed for by J. Doe',
      location_city: null,
      location_country: null,
      expected_arrival: null,
      reason: null,
    });
    expect(await lastActivity()).toMatchObject({
      action: 'status_changed',
      details: 'Status changed to Delivered',
      tracking_number: number,
    });
  });

  it('may carry the place where it happened, which becomes the current location', async () => {
    const target = seeded[6]!.tracking_number;
    const { status, body } = await put(
      {
        tracking_number: target,
        status: 'on_hold',
        current_country: 'Spain',
        current_city: 'Zaragoza',
        note: 'Customs check',
      },
      target,
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'on_hold', current_location: 'Zaragoza, Spain' });
    expect(body.data.histories.at(-1)).toMatchObject({
      status: 'on_hold',
      notes: 'Customs check',
      location_city: 'Zaragoza',
      location_country: 'Spain',
      expected_arrival: null,
      reason: null,
    });
    const split = await put({ tracking_number: target, status: 'in_transit', current_country: 'Lyon, France' }, target);
    expect(split.body.data.histories.at(-1)).toMatchObject({ location_city: 'Lyon', location_country: 'France' });
    const cityAlone = await put({ tracking_number: target, status: 'in_transit', current_city: 'Lyon' }, target);
    expect(cityAlone.status).toBe(422);
    expect(cityAlone.body.errors).toEqual({ current_country: ['Enter the country of the city'] });
  });

  it("answers 422 'Please select a status' without one, and for a mismatched number", async () => {
    const none = await put({ tracking_number: number, status: '', note: 'x' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ status: ['Please select a status'] });
    const other = await put({ tracking_number: seeded[3]!.tracking_number, status: 'delivered' });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['tracking_number']);
    const bad = await put({ tracking_number: number, status: 'lost' });
    expect(bad.body.errors.status).toEqual([`Must be one of ${SHIPMENT_STATUSES.join(', ')}`]);
  });

  it('answers 404 for an unknown shipment', async () => {
    const { status, body } = await put({ tracking_number: 'NEC000000000', status: 'delivered' }, 'NEC000000000');
    expect(status).toBe(404);
    expect(body).toEqual({ status: 'error', message: 'Shipment not found.' });
  });

  it('is atomic: a failing history insert leaves the shipment unchanged', async () => {
    const db = await getDb();
    const target = seeded[4]!;
    const before = await counts();
    await db.execute(
      "CREATE TRIGGER fail_history BEFORE INSERT ON shipment_histories BEGIN SELECT RAISE(ABORT, 'forced failure'); END",
    );
    try {
      const { status, body } = await put(
        { tracking_number: target.tracking_number, status: 'on_hold', note: 'x' },
        target.tracking_number,
      );
      expect(status).toBe(503);
      expect(body).toEqual({
        status: 'error',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
      const createFailed = await send(addTracking, 'POST', '/api/add_tracking', { ...FULL });
      expect(createFailed.status).toBe(503);
    } finally {
      await db.execute('DROP TRIGGER fail_history');
    }
    const { rows } = await db.execute({
      sql: 'SELECT status, updated_at FROM shipments WHERE tracking_number = ?',
      args: [target.tracking_number],
    });
    expect(rows[0]!.status).toBe(target.status);
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/tracking/{tracking_number}/update-location', () => {
  const number = seeded[5]!.tracking_number;
  const put = (json: unknown, tn = number) =>
    send(updateLocation, 'PUT', `/api/tracking/${tn}/update-location`, json, { trackingNumber: tn });

  it('moves the shipment and records the place and expected arrival in their own fields', async () => {
    const { status, body } = await put({
      tracking_number: number,
      current_country: 'Hamburg, Germany',
      arrival_time: '2026-11-30T08:00',
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.data).toMatchObject({
      current_location: 'Hamburg, Germany',
      arrival_time: '2026-11-30T08:00:00.000Z',
      status: seeded[5]!.status,
    });
    const entry = body.data.histories.at(-1);
    expect(entry).toMatchObject({
      status: seeded[5]!.status,
      notes: null,
      location_city: 'Hamburg',
      location_country: 'Germany',
      expected_arrival: '2026-11-30T08:00:00.000Z',
    });
    expect(await lastActivity()).toMatchObject({
      action: 'location_changed',
      details: 'Location set to Hamburg, Germany',
    });
    const publicView = await call(tracking, apiRequest(`/api/tracking/${number}`), { trackingNumber: number });
    expect(publicView.body.data.histories.at(-1)).toEqual(entry);
  });

  it('takes a country alone, or a city beside it, and the note staff typed', async () => {
    const country = await put({ tracking_number: number, current_country: 'Spain', arrival_time: '2026-12-01T09:30Z' });
    expect(country.body.data.current_location).toBe('Spain');
    expect(country.body.data.histories.at(-1)).toMatchObject({ location_city: null, location_country: 'Spain' });
    const city = await put({
      tracking_number: number,
      current_country: 'France',
      current_city: 'Lyon',
      arrival_time: '2026-12-02',
      note: 'Customs cleared',
    });
    expect(city.body.data.current_location).toBe('Lyon, France');
    expect(city.body.data.histories.at(-1)).toMatchObject({
      notes: 'Customs cleared',
      location_city: 'Lyon',
      location_country: 'France',
      expected_arrival: '2026-12-02T00:00:00.000Z',
    });
  });

  it('without an expected arrival, the shipment is there now: no expected arrival, the next arrival cleared', async () => {
    await put({ tracking_number: number, current_country: 'Spain', arrival_time: '2026-12-03T10:00Z' });
    const { status, body } = await put({
      tracking_number: number,
      current_country: 'Spain',
      current_city: 'Zaragoza',
      note: 'Arrived at Zaragoza',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ current_location: 'Zaragoza, Spain', arrival_time: null });
    expect(body.data.histories.at(-1)).toMatchObject({
      notes: 'Arrived at Zaragoza',
      location_city: 'Zaragoza',
      location_country: 'Spain',
      expected_arrival: null,
      reason: null,
    });
  });

  it("answers 422 'Please enter the country' without one, writing nothing", async () => {
    const before = await counts();
    const { status, body } = await put({ tracking_number: number, current_country: ' ', arrival_time: '' });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ current_country: ['Please enter the country'] });
    const badTime = await put({ tracking_number: number, current_country: 'Spain', arrival_time: 'soon' });
    expect(Object.keys(badTime.body.errors)).toEqual(['arrival_time']);
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown shipment, also for a malformed path number', async () => {
    expect(
      (await put({ tracking_number: 'NEC000000000', current_country: 'A', arrival_time: '2026-11-30' }, 'NEC000000000'))
        .status,
    ).toBe(404);
    expect(
      (await put({ tracking_number: 'NEC000000000', current_country: 'A', arrival_time: '2026-11-30' }, 'bogus'))
        .status,
    ).toBe(404);
  });
});
