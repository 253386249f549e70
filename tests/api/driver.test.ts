import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import events from '../../netlify/functions/driver-events-create';
import stops from '../../netlify/functions/driver-stops-list';
import { addDays } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { driverWithStops } from '../helpers/driver-stops';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// The driver's calls: today's stops in run order, and the actions recorded at them, once each, only on
// the driver's own stops.

const getDb = useTestDatabase({ seed: true });
const driver = { email: 'driver-one@nec-cargo.example', password: 'a driver signs in with this' };
const other = { email: 'driver-two@nec-cargo.example', password: 'another driver signs in too' };
let cookie: string;
let mine: string[];
let theirs: string[];

beforeAll(async () => {
  const db = await getDb();
  const run = await driverWithStops(db, { ...driver, stops: 3 });
  mine = run.numbers;
  // A stop on tomorrow's run is still the driver's to act on, but not on today's list.
  const tomorrow = await driverWithStops(db, { ...driver, stops: 1, date: addDays(run.date, 1) });
  mine.push(...tomorrow.numbers);
  theirs = (await driverWithStops(db, { ...other, stops: 1 })).numbers;
  cookie = await signIn(driver);
}, 60_000);

const listAs = (as: string) => call(stops, apiRequest('/api/driver/stops', { headers: withSession(as) }));
const post = (body: unknown, as = cookie) =>
  call(events, apiRequest('/api/driver/events', { json: body, headers: withSession(as) }));
const event = (number: string, action: string, extra: Record<string, unknown> = {}) => ({
  event_id: randomUUID(),
  tracking_number: number,
  action,
  recorded_at: new Date().toISOString(),
  ...extra,
});

async function historyOf(number: string) {
  const { rows } = await (await getDb()).execute({
    sql: `SELECT h.status, h.reason, h.notes FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
          WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
    args: [number],
  });
  return rows.map((row) => ({ status: row.status, reason: row.reason, notes: row.notes }));
}

async function statusOf(number: string) {
  const { rows } = await (await getDb()).execute({
    sql: 'SELECT status FROM shipments WHERE tracking_number = ?',
    args: [number],
  });
  return rows[0]?.status;
}

describe('GET /api/driver/stops', () => {
  // Two drivers of its own, each a password hash and a sign-in: slow on a busy machine.
  it("answers the driver's stops for today in run order, with what the driver needs at the door", {
    timeout: 60_000,
  }, async () => {
    // Drivers, runs and shipments of its own: the events tests below move the file's shared stops on.
    const db = await getDb();
    const door = { email: 'driver-door@nec-cargo.example', password: 'a driver at the door signs in' };
    const nextDoor = { email: 'driver-next-door@nec-cargo.example', password: 'the next driver signs in too' };
    const today = await driverWithStops(db, { ...door, stops: 3 });
    // A stop on tomorrow's run is the driver's, but not on today's list.
    await driverWithStops(db, { ...door, stops: 1, date: addDays(today.date, 1) });
    const nextDoorStops = (await driverWithStops(db, { ...nextDoor, stops: 1 })).numbers;
    const { status, body } = await listAs(await signIn(door));
    expect(status).toBe(200);
    expect(body.data.stops.map((stop: { tracking_number: string }) => stop.tracking_number)).toEqual(today.numbers);
    expect(body.data.stops[0]).toMatchObject({
      position: 1,
      status: 'in_transit',
      recipient_name: 'Recipient 1',
      recipient_address: '1 Elm Street, Sacramento',
      recipient_phone: '+1 916 555 0100',
      destination: 'Sacramento, USA',
    });
    expect(body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const others = await listAs(await signIn(nextDoor));
    expect(others.body.data.stops.map((stop: { tracking_number: string }) => stop.tracking_number)).toEqual(
      nextDoorStops,
    );
  });

  it('is refused to every other role', async () => {
    const { status, body } = await listAs(await signIn());
    expect(status).toBe(403);
    expect(body.message).toBe('Your role (Admin) does not allow this call.');
  });
});

describe('POST /api/driver/events', () => {
  it('records a pick-up, out for delivery and a failed attempt with its reason, in order', async () => {
    const [number] = mine;
    const { status, body } = await post({
      events: [
        event(number!, 'picked_up'),
        event(number!, 'out_for_delivery'),
        event(number!, 'failed_attempt', { reason: 'recipient_not_home', note: 'Left a card' }),
      ],
    });
    expect(status).toBe(200);
    expect(body.data.map((result: { result: string }) => result.result)).toEqual(['applied', 'applied', 'applied']);
    expect(await statusOf(number!)).toBe('delivery_failed');
    expect((await historyOf(number!)).slice(-3)).toEqual([
      { status: 'in_transit', reason: null, notes: 'Picked up by the driver' },
      { status: 'out_for_delivery', reason: null, notes: null },
      { status: 'delivery_failed', reason: 'recipient_not_home', notes: 'Left a card' },
    ]);
  });

  it("acts on a stop of the driver's run on another day (an action queued before midnight)", async () => {
    const { status, body } = await post({ events: [event(mine[3]!, 'out_for_delivery')] });
    expect(status).toBe(200);
    expect(body.data[0].result).toBe('applied');
  });

  it("refuses the whole batch with 403 when a stop is not on the driver's run, and records nothing", async () => {
    const before = await historyOf(mine[1]!);
    const { status, body } = await post({
      events: [event(mine[1]!, 'out_for_delivery'), event(theirs[0]!, 'out_for_delivery')],
    });
    expect(status).toBe(403);
    expect(body.message).toBe(`${theirs[0]} is not a stop on your run.`);
    expect(await historyOf(mine[1]!)).toEqual(before);
    expect(await statusOf(theirs[0]!)).toBe('in_transit');
    expect((await post({ events: [event('NEC000000000', 'picked_up')] })).status).toBe(403);
  });

  it('records a batch sent again once: the repeat answers duplicates', async () => {
    const body = { events: [event(mine[1]!, 'picked_up'), event(mine[1]!, 'out_for_delivery')] };
    const before = (await historyOf(mine[1]!)).length;
    expect((await post(body)).body.data.map((r: { result: string }) => r.result)).toEqual(['applied', 'applied']);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body.data.map((r: { result: string }) => r.result)).toEqual(['duplicate', 'duplicate']);
    expect((await historyOf(mine[1]!)).length).toBe(before + 2);
  });

  it('records 20 identical batches arriving at once exactly once', async () => {
    const body = { events: [event(mine[2]!, 'failed_attempt', { reason: 'other', note: 'Gate locked' })] };
    const before = (await historyOf(mine[2]!)).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const results = answers.map((answer) => answer.body.data[0].result).sort();
    expect(results.filter((result) => result === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(19);
    const history = await historyOf(mine[2]!);
    expect(history.length).toBe(before + 1);
    expect(history.at(-1)).toEqual({ status: 'delivery_failed', reason: 'other', notes: 'Gate locked' });
  });

  it('answers bad input 422 naming the field, and records nothing', async () => {
    const before = await historyOf(mine[0]!);
    const cases: Array<[Record<string, unknown>, string]> = [
      [event(mine[0]!, 'failed_attempt'), 'events.0.reason'],
      [event(mine[0]!, 'failed_attempt', { reason: 'other' }), 'events.0.note'],
      [event(mine[0]!, 'failed_attempt', { reason: 'stolen_by_pirates' }), 'events.0.reason'],
      [event(mine[0]!, 'picked_up', { reason: 'refused' }), 'events.0.reason'],
      [event(mine[0]!, 'delivered'), 'events.0.action'],
      [event(mine[0]!, 'picked_up', { recorded_at: 'yesterday' }), 'events.0.recorded_at'],
      [event(mine[0]!, 'picked_up', { event_id: '' }), 'events.0.event_id'],
      [event('NEC12', 'picked_up'), 'events.0.tracking_number'],
    ];
    for (const [bad, field] of cases) {
      const { status, body } = await post({ events: [bad] });
      expect(status, field).toBe(422);
      expect(Object.keys(body.errors), field).toContain(field);
    }
    const repeated = event(mine[0]!, 'picked_up');
    const twice = await post({ events: [repeated, repeated] });
    expect(twice.body.errors).toHaveProperty(['events.1.event_id']);
    expect((await post({ events: [] })).body.errors).toHaveProperty('events');
    expect(await historyOf(mine[0]!)).toEqual(before);
  });

  it('is refused to every other role', async () => {
    const { status } = await post({ events: [event(mine[0]!, 'picked_up')] }, await signIn());
    expect(status).toBe(403);
  });
});
