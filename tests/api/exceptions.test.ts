import { beforeAll, describe, expect, it } from 'vitest';
import dashboard from '../../netlify/functions/dashboard-read';
import act from '../../netlify/functions/exceptions-act';
import list from '../../netlify/functions/exceptions-list';
import read from '../../netlify/functions/shipments-read-edit';
import updateStatus from '../../netlify/functions/shipments-update-status';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { hoursAgo, shipmentWith } from '../helpers/exceptions';
import { apiRequest, call } from '../helpers/requests';
import { joinTeam } from '../helpers/team';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
let viewer: string;
beforeAll(async () => {
  cookie = await signIn();
  const viewerLogin = { email: 'queue-viewer@nec-cargo.example', password: 'a viewer reads the queue only' };
  await joinTeam(await getDb(), cookie, viewerLogin.email, 'viewer', viewerLogin.password);
  viewer = await signIn(viewerLogin);
});

const queue = (query: Record<string, string> = {}, as = cookie) =>
  call(
    list,
    apiRequest(`/api/exceptions?${new URLSearchParams({ limit: '100', ...query })}`, { headers: withSession(as) }),
  );
const actOn = (number: string, body: unknown, as = cookie) =>
  call(act, apiRequest(`/api/exceptions/${number}/actions`, { json: body, headers: withSession(as) }), {
    trackingNumber: number,
  });
const setStatus = (number: string, body: Record<string, unknown>) =>
  call(
    updateStatus,
    apiRequest(`/api/tracking/${number}/update`, {
      method: 'PUT',
      json: { tracking_number: number, ...body },
      headers: withSession(cookie),
    }),
    { trackingNumber: number },
  );
const rowOf = async (number: string, kind?: string) =>
  (await queue(kind ? { kind } : {})).body.data.find(
    (row: { tracking_number: string }) => row.tracking_number === number,
  );
// The company's days (its headquarters' zone until Settings say otherwise), as the queue counts them.
const today = () => dateIn(company.timeZone, Date.now());
const inDays = (days: number) => addDays(today(), days);
let clicks = 0;
const actionId = () => `test-click-${process.pid}-${++clicks}`;

describe('the status update with a reason', () => {
  it('refuses a failed attempt without a reason, and other without a note, naming the field', async () => {
    const number = await shipmentWith(await getDb(), [{ status: 'out_for_delivery', at: hoursAgo(2) }]);
    const bare = await setStatus(number, { status: 'delivery_failed' });
    expect(bare).toMatchObject({
      status: 422,
      body: { errors: { reason: ['Delivery Attempt Failed needs a reason'] } },
    });
    const other = await setStatus(number, { status: 'exception', reason: 'other' });
    expect(other).toMatchObject({ status: 422, body: { errors: { note: ['Say what happened in the note'] } } });
    const stray = await setStatus(number, { status: 'in_transit', reason: 'weather' });
    expect(stray.body.errors).toHaveProperty('reason');
    const unknown = await setStatus(number, { status: 'delivery_failed', reason: 'aliens' });
    expect(unknown.body.errors).toHaveProperty('reason');
    const pickup = await setStatus(number, { status: 'available_for_pickup', pickup_depot: 'mars' });
    expect(pickup.body.errors).toHaveProperty('pickup_depot');
    const undated = await setStatus(number, { status: 'available_for_pickup', pickup_depot: 'london' });
    expect(undated.body.errors).toEqual({ pickup_until: ['Enter the last day it is kept'] });
    const unchanged = await call(read, apiRequest(`/api/shipments/${number}`, { headers: withSession(cookie) }), {
      trackingNumber: number,
    });
    expect(unchanged.body.data.status).toBe('out_for_delivery');
    expect(unchanged.body.data.histories).toHaveLength(1);
  });

  it('stores the reason on the history entry, and a pickup its depot and last day', async () => {
    const number = await shipmentWith(await getDb(), [{ status: 'out_for_delivery', at: hoursAgo(2) }]);
    const failed = await setStatus(number, { status: 'delivery_failed', reason: 'recipient_not_home' });
    expect(failed.status).toBe(200);
    expect(failed.body.data.histories.at(-1)).toMatchObject({
      status: 'delivery_failed',
      reason: 'recipient_not_home',
    });
    const held = await setStatus(number, {
      status: 'available_for_pickup',
      pickup_depot: 'sacramento',
      pickup_until: inDays(5),
    });
    expect(held.body.data).toMatchObject({
      pickup_depot: 'sacramento',
      pickup_until: inDays(5),
      next_attempt_on: null,
    });
    expect(held.body.data.histories.at(-1).reason).toBeNull();
  });
});

describe('the exceptions queue', () => {
  it('lists each kind with its reason and since when, and leaves out what needs nobody', async () => {
    const db = await getDb();
    const now = Date.now();
    const ago = (hours: number) => hoursAgo(hours, now);
    const failed = await shipmentWith(db, [
      { status: 'out_for_delivery', at: ago(5) },
      { status: 'delivery_failed', at: ago(3), reason: 'other', notes: 'Dog at the gate' },
    ]);
    const customs = await shipmentWith(db, [{ status: 'exception', at: ago(1), reason: 'customs_hold' }]);
    const longHold = await shipmentWith(db, [
      { status: 'in_transit', at: ago(100) },
      { status: 'on_hold', at: ago(60) },
      { status: 'on_hold', at: ago(1) },
    ]);
    const shortHold = await shipmentWith(db, [
      { status: 'on_hold', at: ago(100) },
      { status: 'in_transit', at: ago(30) },
      { status: 'on_hold', at: ago(20) },
    ]);
    const late = await shipmentWith(db, [{ status: 'in_transit', at: ago(2) }], { estimated_delivery: inDays(-3) });
    const silent = await shipmentWith(db, [{ status: 'in_transit', at: ago(49) }], { estimated_delivery: inDays(3) });
    const delivered = await shipmentWith(db, [{ status: 'delivered', at: ago(200) }], {
      estimated_delivery: inDays(-20),
    });
    const fine = await shipmentWith(db, [{ status: 'in_transit', at: ago(47) }], { estimated_delivery: today() });

    expect(await rowOf(failed)).toMatchObject({
      kinds: ['failed'],
      status: 'delivery_failed',
      reason: 'other',
      reason_note: 'Dog at the gate',
      since: ago(3).toISOString(),
      handled: null,
    });
    expect(await rowOf(customs)).toMatchObject({ kinds: ['exception'], reason: 'customs_hold' });
    expect(await rowOf(longHold)).toMatchObject({ kinds: ['on_hold'], since: ago(60).toISOString(), reason: null });
    expect(await rowOf(late)).toMatchObject({ kinds: ['late'], since: `${inDays(-2)}T00:00:00.000Z` });
    expect(await rowOf(silent)).toMatchObject({ kinds: ['silent'], since: ago(49).toISOString() });
    for (const absent of [shortHold, delivered, fine]) expect(await rowOf(absent)).toBeUndefined();

    expect(await rowOf(failed, 'failed')).toBeDefined();
    expect(await rowOf(failed, 'late')).toBeUndefined();
    const { body } = await queue({ kind: 'on_hold' });
    expect(body.data.every((row: { kinds: string[] }) => row.kinds.includes('on_hold'))).toBe(true);
    expect(body.meta.counts.on_hold).toBe(body.meta.total);
    expect((await queue({ kind: 'lost' })).body.errors).toHaveProperty('kind');
  });

  it('pages on the server, the longest waiting first', async () => {
    const db = await getDb();
    const numbers: string[] = [];
    for (let hours = 300; hours < 305; hours++) {
      numbers.push(await shipmentWith(db, [{ status: 'exception', at: hoursAgo(hours), reason: 'damaged' }]));
    }
    const first = await queue({ kind: 'exception', limit: '2', page: '1' });
    const second = await queue({ kind: 'exception', limit: '2', page: '2' });
    expect(first.body.meta).toMatchObject({ page: 1, limit: 2 });
    expect(first.body.data).toHaveLength(2);
    const seen = [...first.body.data, ...second.body.data].map(
      (row: { tracking_number: string }) => row.tracking_number,
    );
    expect(new Set(seen).size).toBe(4);
    // Oldest first: the five made here are the oldest exceptions, newest of them made first.
    expect(seen).toEqual(numbers.slice(1).reverse());
    expect((await queue({ page: '0' })).body.errors).toHaveProperty('page');
  });

  it('schedules another attempt: recorded once for 20 identical clicks, the row leaves until the day passes', async () => {
    const db = await getDb();
    const number = await shipmentWith(
      db,
      [{ status: 'delivery_failed', at: hoursAgo(2), reason: 'recipient_not_home' }],
      { estimated_delivery: today() },
    );
    const click = { action_id: actionId(), action: 'reattempt', attempt_on: inDays(2) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => actOn(number, click)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.at)).size).toBe(1);
    const { rows } = await db.execute({
      sql: `SELECT (SELECT count(*) FROM exception_actions a JOIN shipments s ON s.id = a.shipment_id WHERE s.tracking_number = ?) AS actions,
                   (SELECT count(*) FROM activity_log WHERE tracking_number = ? AND action = 'exception_handled') AS logged,
                   (SELECT next_attempt_on FROM shipments WHERE tracking_number = ?) AS day,
                   (SELECT estimated_delivery FROM shipments WHERE tracking_number = ?) AS promise`,
      args: [number, number, number, number],
    });
    expect(rows[0]).toMatchObject({ actions: 1, logged: 1, day: inDays(2), promise: inDays(2) });
    expect(await rowOf(number)).toBeUndefined();
    await db.execute({
      sql: 'UPDATE shipments SET next_attempt_on = ? WHERE tracking_number = ?',
      args: [inDays(-1), number],
    });
    expect(await rowOf(number)).toMatchObject({ kinds: ['failed'], handled: { action: 'reattempt', note: null } });
  });

  it('holds at a depot, returns to sender and notes a call, each shown with who did it', async () => {
    const db = await getDb();
    const held = await shipmentWith(db, [{ status: 'delivery_failed', at: hoursAgo(2), reason: 'no_safe_place' }]);
    const hold = await actOn(held, {
      action_id: actionId(),
      action: 'hold_at_depot',
      pickup_depot: 'sacramento',
      pickup_until: inDays(6),
    });
    expect(hold).toMatchObject({ status: 200, body: { data: { action: 'hold_at_depot', by: expect.any(String) } } });
    const shipment = await call(read, apiRequest(`/api/shipments/${held}`, { headers: withSession(cookie) }), {
      trackingNumber: held,
    });
    expect(shipment.body.data).toMatchObject({
      status: 'available_for_pickup',
      pickup_depot: 'sacramento',
      pickup_until: inDays(6),
      current_location: 'Sacramento, United States',
    });
    expect(shipment.body.data.histories.at(-1).status).toBe('available_for_pickup');

    const called = await shipmentWith(db, [{ status: 'exception', at: hoursAgo(2), reason: 'address_incorrect' }]);
    const call1 = await actOn(called, { action_id: actionId(), action: 'call_noted', note: 'New flat number: 4B' });
    expect(call1.status).toBe(200);
    expect(await rowOf(called)).toMatchObject({
      kinds: ['exception'],
      handled: { action: 'call_noted', note: 'New flat number: 4B', at: call1.body.data.at },
    });

    const returned = await actOn(called, { action_id: actionId(), action: 'return_to_sender' });
    expect(returned.status).toBe(200);
    expect(await rowOf(called)).toBeUndefined();
    const again = await actOn(called, { action_id: actionId(), action: 'call_noted', note: 'Too late' });
    expect(again.status).toBe(409);
  });

  it('refuses bad input naming the field, other shipments, and viewers, changing nothing', async () => {
    const db = await getDb();
    const number = await shipmentWith(db, [{ status: 'delivery_failed', at: hoursAgo(2), reason: 'weather' }]);
    expect((await actOn(number, { action_id: actionId(), action: 'reattempt' })).body.errors).toHaveProperty(
      'attempt_on',
    );
    const past = await actOn(number, { action_id: actionId(), action: 'reattempt', attempt_on: inDays(-1) });
    expect(past).toMatchObject({ status: 422, body: { errors: { attempt_on: ['Must be today or later'] } } });
    expect((await actOn(number, { action_id: actionId(), action: 'hold_at_depot' })).body.errors).toMatchObject({
      pickup_depot: expect.any(Array),
      pickup_until: expect.any(Array),
    });
    expect((await actOn(number, { action_id: actionId(), action: 'call_noted' })).body.errors).toHaveProperty('note');
    expect((await actOn(number, { action_id: 'x', action: 'call_noted', note: 'n' })).body.errors).toHaveProperty(
      'action_id',
    );
    expect((await actOn('NEC000000000', { action_id: actionId(), action: 'return_to_sender' })).status).toBe(404);
    expect((await actOn(number, { action_id: actionId(), action: 'return_to_sender' }, viewer)).status).toBe(403);
    expect((await queue({}, viewer)).status).toBe(200);
    const reused = actionId();
    expect((await actOn(number, { action_id: reused, action: 'call_noted', note: 'n' })).status).toBe(200);
    const other = await shipmentWith(db, [{ status: 'exception', at: hoursAgo(2), reason: 'lost' }]);
    expect((await actOn(other, { action_id: reused, action: 'call_noted', note: 'n' })).body.errors).toHaveProperty(
      'action_id',
    );
    expect(await rowOf(number)).toMatchObject({ status: 'delivery_failed', handled: { action: 'call_noted' } });
    expect(await rowOf(other)).toMatchObject({ handled: null });
  });
});

describe('the dashboard', () => {
  it('counts each kind as the queue does', async () => {
    const db = await getDb();
    await shipmentWith(db, [{ status: 'delivery_failed', at: hoursAgo(1), reason: 'refused' }]);
    const { body } = await call(dashboard, apiRequest('/api/admin/dashboard', { headers: withSession(cookie) }));
    expect(body.data.exceptions).toEqual((await queue()).body.meta.counts);
    expect(body.data.exceptions.failed).toBeGreaterThan(0);
  });
});
