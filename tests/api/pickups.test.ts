import { beforeAll, describe, expect, it } from 'vitest';
import driverPickups from '../../netlify/functions/driver-pickups-list';
import cancelLink from '../../netlify/functions/pickup-link-cancel';
import moveLink from '../../netlify/functions/pickup-link-move';
import readLink from '../../netlify/functions/pickup-link-read';
import assign from '../../netlify/functions/pickups-assign';
import complete from '../../netlify/functions/pickups-complete';
import pickups from '../../netlify/functions/pickups-create';
import queue from '../../netlify/functions/pickups-queue';
import closedDays from '../../netlify/functions/settings-closed-days-read-save';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { movePickup, moveReads } from '../../netlify/lib/pickup-links';
import { assignPickup, assignPickupReads } from '../../netlify/lib/pickups';
import { hashToken } from '../../netlify/lib/tokens';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { isPickupDay, slotText } from '../../src/lib/pickup-hours';
import { signIn, withSession } from '../helpers/admin-session';
import { holdTheClock } from '../helpers/clock';
import { apiRequest, call, SITE } from '../helpers/requests';
import { createDriver, type Driver } from '../helpers/runs';
import { useTestDatabase } from '../helpers/test-db';

// Pickups through the API: booking (each bad input named, the form's protections), the emailed link
// (read, move, cancel, the cut-off, forged and spent links), the dispatchers' queue and runs, and
// collecting, which books or links one shipment however many calls arrive at once.

const getDb = useTestDatabase({ seed: true });
const dispatcher = { email: 'pickups-dispatcher@nec-cargo.example', password: 'a dispatcher plans pickups' };
const viewer = { email: 'pickups-viewer@nec-cargo.example', password: 'a viewer only reads here' };
let cookie: string;
let viewerCookie: string;
let driverCookie: string;
let dana: Driver;
let vic: Driver;
let nextAddress = 1;

/** The company's today: no time zone saved, so its headquarters'. */
const today = () => dateIn(company.timeZone, Date.now());
/** The `n`th business day from two days ahead: never today, so no window is too close. */
function businessDay(n = 0): string {
  let date = addDays(today(), 2);
  for (let found = -1; ; date = addDays(date, 1)) {
    if (isPickupDay(date) && ++found === n) return date;
  }
}
const saturday = () =>
  [2, 3, 4, 5, 6, 7, 8]
    .map((days) => addDays(today(), days))
    .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6)!;

let nextPerson = 1;
const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Pia Pickup',
  company: 'Pia Parcels Ltd',
  email: `pia.${nextPerson++}.${Date.now()}@example.com`,
  phone: '+1 916 555 0142',
  address: '12 Harbor Road',
  city: 'Sacramento',
  destination: 'Portland, United States',
  pickup_date: businessDay(),
  pickup_window: '09-12',
  pieces: '3',
  weight_kg: '12.5',
  notes: 'Ring twice',
  ...extra,
});

const book = (json: unknown, ip = `203.0.113.${nextAddress++ % 250}`) =>
  call(pickups, apiRequest('/api/pickups', { json, headers: { 'x-nf-client-connection-ip': ip } }));
const read = (token: string) => call(readLink, apiRequest('/api/pickup-link', { json: { token } }));
const cancel = (token: string) => call(cancelLink, apiRequest('/api/pickup-link/cancel', { json: { token } }));
const move = (token: string, pickup_date: string, pickup_window: string) =>
  call(moveLink, apiRequest('/api/pickup-link/move', { json: { token, pickup_date, pickup_window } }));
const list = (query: string, session = cookie) =>
  call(queue, apiRequest(`/api/pickups/queue${query}`, { headers: withSession(session) }));
const assignTo = (id: number, driverId: number, session = cookie) =>
  call(
    assign,
    apiRequest(`/api/pickups/${id}/run`, {
      method: 'PUT',
      json: { driver_id: driverId },
      headers: withSession(session),
    }),
    { id: String(id) },
  );
const collect = (id: number, json: Record<string, unknown> = {}, session = cookie) =>
  call(complete, apiRequest(`/api/pickups/${id}/complete`, { json, headers: withSession(session) }), {
    id: String(id),
  });

async function rows(sql: string, args: Array<string | number> = []) {
  return (await (await getDb()).execute({ sql, args })).rows.map((row) => ({ ...row }));
}
/** The confirmations emailed to an address, oldest first, as their payloads. */
const confirmations = async (email: string) =>
  (await rows("SELECT payload FROM outbox WHERE kind = 'pickup_confirmed' AND recipient = ? ORDER BY id", [email])).map(
    (row) => JSON.parse(String(row.payload)),
  );

/** What the customer did to a pickup, as the audit trail has it, oldest first. */
const customerTrail = (id: number) =>
  rows(
    `SELECT action, actor_email, details FROM activity_log
     WHERE subject_type = 'pickup' AND subject_id = ? AND user_id IS NULL ORDER BY id`,
    [String(id)],
  );

/** Books a pickup and answers its id, email and the token its confirmation's link carries. */
async function booked(extra: Record<string, unknown> = {}) {
  const body = valid(extra);
  const answer = await book(body);
  expect(answer.status).toBe(201);
  const [mail] = await confirmations(String(body.email));
  return { id: answer.body.data.id as number, email: String(body.email), token: String(mail.token) };
}

beforeAll(async () => {
  const db = await getDb();
  await setAdminPassword(db, dispatcher.email, dispatcher.password, 'dispatcher');
  await setAdminPassword(db, viewer.email, viewer.password, 'viewer');
  cookie = await signIn(dispatcher);
  viewerCookie = await signIn(viewer);
  dana = await createDriver(db, 'Dana Pickups');
  vic = await createDriver(db, 'Vic Pickups');
  driverCookie = await signIn(dana);
  // Four slow password hashes, on a machine the other suites share.
}, 120_000);

describe('booking a pickup', () => {
  it('stores it and emails a confirmation whose link token is kept only as its hash', async () => {
    const { id, email, token } = await booked();
    const [stored] = await rows('SELECT status, token_hash, pieces, weight_kg, company FROM pickups WHERE id = ?', [
      id,
    ]);
    expect(stored).toMatchObject({ status: 'requested', pieces: 3, weight_kg: 12.5, company: 'Pia Parcels Ltd' });
    expect(stored!.token_hash).toBe(hashToken(token));
    expect(await rows('SELECT 1 FROM pickups WHERE token_hash = ?', [token])).toEqual([]);
    const [mail] = await confirmations(email);
    expect(mail).toMatchObject({ moved: false, pickup_window: '09-12', pieces: 3 });
  });

  it.each([
    ['a day in the past', { pickup_date: addDays(today(), -1) }, 'pickup_date'],
    ['a closed day (Saturday)', { pickup_date: saturday() }, 'pickup_date'],
    ['a day too far ahead', { pickup_date: addDays(today(), 60) }, 'pickup_date'],
    ['a date that does not exist', { pickup_date: '2031-02-30' }, 'pickup_date'],
    ['a window outside the opening hours', { pickup_window: '18-21' }, 'pickup_window'],
    ['no pieces', { pieces: '0' }, 'pieces'],
    ['no weight', { weight_kg: '' }, 'weight_kg'],
    ['no phone for the driver', { phone: '' }, 'phone'],
    ['no address', { address: ' ' }, 'address'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
  ])('refuses %s, naming the field, and stores nothing', async (_case, extra, field) => {
    const before = await rows('SELECT count(*) AS n FROM pickups');
    const answer = await book(valid(extra));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
    expect(await rows('SELECT count(*) AS n FROM pickups')).toEqual(before);
  });

  it('has the quote form protections: same origin, JSON only, 64 KB, a rate limit per address', async () => {
    holdTheClock();
    const crossSite = await call(
      pickups,
      new Request(`${SITE}/api/pickups`, {
        method: 'POST',
        body: JSON.stringify(valid()),
        headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      }),
    );
    expect(crossSite.status).toBe(403);
    const text = await call(
      pickups,
      apiRequest('/api/pickups', { method: 'POST', body: 'name=x', headers: { 'Content-Type': 'text/plain' } }),
    );
    expect(text.status).toBe(415);
    expect((await book(valid({ notes: 'x'.repeat(70_000) }))).status).toBe(413);
    const ip = '198.51.100.99';
    for (let i = 0; i < 10; i++) expect((await book(valid(), ip)).status).toBe(201);
    const limited = await book(valid(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("counts a booking before the company's calendar is checked: days refused there spend the limit too", async () => {
    holdTheClock();
    const ip = '198.51.100.97';
    // A business day past the last one the calendar takes: the form's schema lets it through, the calendar does not.
    let tooFar = addDays(today(), 60);
    while (!isPickupDay(tooFar)) tooFar = addDays(tooFar, 1);
    for (let i = 0; i < 10; i++) expect((await book(valid({ pickup_date: tooFar }), ip)).status).toBe(422);
    const limited = await book(valid(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });

  it('counts an IPv6 client by its /64 network: its other addresses share the limit, another network does not', async () => {
    holdTheClock();
    for (let i = 0; i < 10; i++) expect((await book(valid(), `2001:db8:0:d:${i.toString(16)}::1`)).status).toBe(201);
    expect((await book(valid(), '2001:db8:0:d:ffff::2')).status).toBe(429);
    expect((await book(valid(), '2001:db8:0:e::1')).status).toBe(201);
  });

  it('books at most the limit of 20 bookings sent at once from one address', async () => {
    holdTheClock();
    const ip = '198.51.100.98';
    const [before] = await rows('SELECT count(*) AS n FROM pickups');
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(valid(), ip)));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await rows('SELECT count(*) AS n FROM pickups')).toEqual([{ n: Number(before!.n) + 10 }]);
  });
});

describe('the emailed link', () => {
  it('shows the pickup and moves it to another day and window, emailing the same link again', async () => {
    const { id, email, token } = await booked();
    const shown = await read(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ status: 'requested', changeable: true, pieces: 3 });
    expect(await assignTo(id, dana.id)).toMatchObject({ status: 200 });

    const later = businessDay(2);
    const moved = await move(token, later, '15-18');
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ pickup_date: later, pickup_window: '15-18', changeable: true });
    // A run is one day's: the moved pickup waits for the dispatcher again.
    expect(await rows('SELECT run_id FROM pickups WHERE id = ?', [id])).toEqual([{ run_id: null }]);
    const mails = await confirmations(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ moved: true, pickup_date: later, token });
    // The dispatcher sees why it left the run: the customer moved it.
    expect(await customerTrail(id)).toEqual([
      { action: 'pickup_booked', actor_email: email, details: slotText(businessDay(), '09-12') },
      { action: 'pickup_moved', actor_email: email, details: `To ${slotText(later, '15-18')}` },
    ]);
  });

  it('a move to the slot the pickup is in changes nothing: no second email, and its run kept', async () => {
    const { id, email, token } = await booked();
    const [before] = await rows('SELECT pickup_date, pickup_window, updated_at FROM pickups WHERE id = ?', [id]);
    expect(await assignTo(id, dana.id)).toMatchObject({ status: 200 });
    const [assigned] = await rows('SELECT run_id FROM pickups WHERE id = ?', [id]);
    expect(assigned!.run_id).not.toBeNull();

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => move(token, String(before!.pickup_date), String(before!.pickup_window))),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        body: { data: { pickup_date: before!.pickup_date, pickup_window: before!.pickup_window, changeable: true } },
      });
    }
    expect(await rows('SELECT run_id FROM pickups WHERE id = ?', [id])).toEqual([assigned]);
    expect(await confirmations(email)).toHaveLength(1);

    // Twenty moves to another slot at once: one lands and emails, the rest find it there.
    const later = businessDay(4);
    const moves = await Promise.all(Array.from({ length: 20 }, () => move(token, later, '12-15')));
    expect(moves.map(({ status }) => status)).toEqual(Array(20).fill(200));
    expect(await rows('SELECT pickup_date, pickup_window, run_id FROM pickups WHERE id = ?', [id])).toEqual([
      { pickup_date: later, pickup_window: '12-15', run_id: null },
    ]);
    expect(await confirmations(email)).toHaveLength(2);
    expect((await customerTrail(id)).map(({ action }) => action)).toEqual(['pickup_booked', 'pickup_moved']);
  });

  it('twenty cancels at once cancel once, email once and are in the audit trail once', async () => {
    const { id, email, token } = await booked();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(token)));
    expect(answers.filter(({ status }) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter(({ status }) => status !== 200)) expect(answer.status).toBe(410);
    expect(
      await rows("SELECT recipient FROM outbox WHERE kind = 'pickup_cancelled' AND recipient = ?", [email]),
    ).toHaveLength(1);
    expect((await customerTrail(id)).map(({ action }) => action)).toEqual(['pickup_booked', 'pickup_cancelled']);
  });

  it('lands no move on a pickup cancelled at the same time; a move that comes too late is told it was cancelled', async () => {
    const { id, email, token } = await booked();
    const later = businessDay(3);
    const [cancelled, ...moves] = await Promise.all([
      cancel(token),
      ...Array.from({ length: 19 }, () => move(token, later, '12-15')),
    ]);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', changeable: false });
    const landed = moves.filter(({ status }) => status === 200);
    for (const answer of landed) {
      expect(answer.body.data).toMatchObject({ status: 'requested', pickup_date: later, pickup_window: '12-15' });
    }
    for (const answer of moves.filter(({ status }) => status !== 200)) {
      expect(answer).toMatchObject({ status: 410, body: { message: expect.stringMatching(/cancelled/) } });
    }
    expect(await rows('SELECT status, run_id FROM pickups WHERE id = ?', [id])).toEqual([
      { status: 'cancelled', run_id: null },
    ]);
    // One confirmation for the booking, then one for the move if one landed: the others found it there already.
    expect(await confirmations(email)).toHaveLength(landed.length ? 2 : 1);
    expect(
      await rows("SELECT recipient FROM outbox WHERE kind = 'pickup_cancelled' AND recipient = ?", [email]),
    ).toHaveLength(1);
  });

  it('refuses a move read before a cancel landed: the write checks again and answers what the cancel left', async () => {
    const { id, email, token } = await booked();
    const db = await getDb();
    const readBefore = await db.batch(moveReads(token), 'read');
    expect((await cancel(token)).status).toBe(200);
    await expect(
      movePickup(db, readBefore, { token, pickup_date: businessDay(3), pickup_window: '12-15' }),
    ).rejects.toMatchObject({ status: 410, message: expect.stringMatching(/cancelled/) });
    expect(await rows('SELECT status, pickup_date FROM pickups WHERE id = ?', [id])).toEqual([
      { status: 'cancelled', pickup_date: businessDay() },
    ]);
    expect(await confirmations(email)).toHaveLength(1);
  });

  it('refuses a move to a closed day or a past day, naming the field, and keeps the pickup', async () => {
    const { id, token } = await booked();
    const weekend = await move(token, saturday(), '09-12');
    expect(weekend.status).toBe(422);
    expect(Object.keys(weekend.body.errors)).toEqual(['pickup_date']);
    const past = await move(token, addDays(today(), -3), '09-12');
    expect(past.status).toBe(422);
    expect(Object.keys(past.body.errors)).toEqual(['pickup_date']);
    expect(await rows('SELECT pickup_date FROM pickups WHERE id = ?', [id])).toEqual([{ pickup_date: businessDay() }]);
  });

  it("refuses a booking or a move to one of the company's closed days, naming the day, and keeps the pickup", async () => {
    const closed = businessDay(8);
    const saved = await call(
      closedDays,
      apiRequest('/api/settings/closed-days', {
        method: 'PUT',
        json: { days: [closed] },
        headers: withSession(await signIn()),
      }),
    );
    expect(saved.status).toBe(200);
    const refused = await book(valid({ pickup_date: closed }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ pickup_date: [`We are closed on ${closed}: choose another day`] });

    const { id, token } = await booked();
    const moved = await move(token, closed, '12-15');
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ pickup_date: [`We are closed on ${closed}: choose another day`] });
    expect(await rows('SELECT pickup_date FROM pickups WHERE id = ?', [id])).toEqual([{ pickup_date: businessDay() }]);
  });

  it('cancels once, with its email; the spent link then refuses to cancel or move', async () => {
    const { id, email, token } = await booked();
    const cancelled = await cancel(token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', changeable: false });
    expect(
      await rows("SELECT recipient FROM outbox WHERE kind = 'pickup_cancelled' AND recipient = ?", [email]),
    ).toHaveLength(1);
    const again = await cancel(token);
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/cancelled/);
    expect((await move(token, businessDay(1), '12-15')).status).toBe(410);
    expect(await rows('SELECT status FROM pickups WHERE id = ?', [id])).toEqual([{ status: 'cancelled' }]);
  });

  it('refuses any change after the cut-off and gives the phone number', async () => {
    const { id, token } = await booked();
    // The window now starts within the notice: as if the day had come.
    await rows('UPDATE pickups SET window_start = ? WHERE id = ?', [
      new Date(Date.now() + 3_600_000).toISOString(),
      id,
    ]);
    expect((await read(token)).body.data).toMatchObject({ status: 'requested', changeable: false });
    const late = await cancel(token);
    expect(late.status).toBe(410);
    expect(late.body.message).toContain(company.phone);
    expect((await move(token, businessDay(1), '12-15')).status).toBe(410);
    expect(await rows('SELECT status FROM pickups WHERE id = ?', [id])).toEqual([{ status: 'requested' }]);
  });

  it('does not know a forged or cut-short link', async () => {
    const { token } = await booked();
    for (const forged of [`${token}x`, token.slice(0, 20), 'a'.repeat(43)]) {
      expect((await read(forged)).status).toBe(404);
      expect((await cancel(forged)).status).toBe(404);
    }
    expect((await read('')).status).toBe(422);
  });
});

describe('the dispatchers queue and runs', () => {
  it('lists a day by window, filters by status, and puts a pickup on a driver run of its day', async () => {
    const day = businessDay(4);
    const late = await booked({ pickup_date: day, pickup_window: '15-18' });
    const early = await booked({ pickup_date: day, pickup_window: '09-12' });
    const gone = await booked({ pickup_date: day, pickup_window: '12-15' });
    await cancel(gone.token);
    const queue = await list(`?date=${day}`);
    expect(queue.status).toBe(200);
    const ids = queue.body.data.pickups.map((pickup: { id: number }) => pickup.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(queue.body.data.drivers.map((driver: { id: number }) => driver.id)).toEqual(
      expect.arrayContaining([dana.id, vic.id]),
    );
    const requested = await list(`?date=${day}&status=requested`);
    expect(requested.body.data.pickups.map((pickup: { id: number }) => pickup.id)).not.toContain(gone.id);

    const assigned = await assignTo(late.id, vic.id);
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.driver).toMatchObject({ id: vic.id });
    const [run] = await rows('SELECT r.id, r.run_date FROM pickups p JOIN runs r ON r.id = p.run_id WHERE p.id = ?', [
      late.id,
    ]);
    expect(run).toMatchObject({ run_date: day });
    const ofRun = await list(`?run_id=${run!.id}`);
    expect(ofRun.body.data.pickups.map((pickup: { id: number }) => pickup.id)).toEqual([late.id]);

    const moved = await assignTo(late.id, dana.id);
    expect(moved.body.data.driver).toMatchObject({ id: dana.id });
    expect((await assignTo(gone.id, dana.id)).status).toBe(409);
    const notDriver = await assignTo(early.id, 1);
    expect(notDriver.status).toBe(422);
    expect(Object.keys(notDriver.body.errors)).toEqual(['driver_id']);
    expect((await assignTo(999_999, dana.id)).status).toBe(404);
  });

  it('writes the audit trail once per change of driver: who sent the pickup to whose run, and nothing else', async () => {
    const { id, token } = await booked();
    const entries = () =>
      rows(
        `SELECT actor_email, actor_role, details FROM activity_log
         WHERE action = 'pickup_assigned' AND subject_type = 'pickup' AND subject_id = ? ORDER BY id`,
        [String(id)],
      );
    const by = { actor_email: dispatcher.email, actor_role: 'dispatcher' };
    // The same assignment twenty times at once: all answered, one change, one entry.
    const answers = await Promise.all(Array.from({ length: 20 }, () => assignTo(id, dana.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.every((answer) => answer.body.data.driver.id === dana.id)).toBe(true);
    expect(await assignTo(id, vic.id)).toMatchObject({ status: 200 });
    await cancel(token);
    expect((await assignTo(id, dana.id)).status).toBe(409);
    expect(await entries()).toEqual([
      { ...by, details: `To Dana Pickups on ${businessDay()}` },
      { ...by, details: `To Vic Pickups on ${businessDay()}` },
    ]);
  });

  it('refuses an assignment read before the customer moved the pickup: it would land on the wrong day', async () => {
    const { id, token } = await booked();
    const db = await getDb();
    const readBefore = await db.batch(assignPickupReads(id, dana.id), 'read');
    expect((await move(token, businessDay(2), '12-15')).status).toBe(200);
    const actor = { id: 1, email: dispatcher.email, role: 'dispatcher' as const, address: '203.0.113.9' };
    await expect(assignPickup(db, readBefore, dana.id, actor)).rejects.toMatchObject({
      status: 409,
      message: 'This pickup changed meanwhile.',
    });
    expect(await rows('SELECT run_id, pickup_date FROM pickups WHERE id = ?', [id])).toEqual([
      { run_id: null, pickup_date: businessDay(2) },
    ]);
    expect(
      await rows("SELECT id FROM activity_log WHERE action = 'pickup_assigned' AND subject_id = ?", [String(id)]),
    ).toEqual([]);
  });

  it('refuses the queue to viewers and drivers, and the driver list to office staff', async () => {
    expect((await list('', viewerCookie)).status).toBe(403);
    expect((await list('', driverCookie)).status).toBe(403);
    const { id } = await booked();
    expect((await assignTo(id, dana.id, driverCookie)).status).toBe(403);
    expect((await assignTo(id, dana.id, viewerCookie)).status).toBe(403);
    expect((await collect(id, {}, viewerCookie)).status).toBe(403);
    expect(
      (await call(driverPickups, apiRequest('/api/driver/pickups', { headers: withSession(cookie) }))).status,
    ).toBe(403);
  });
});

describe('collecting a pickup', () => {
  it('books one shipment and one customer however many calls arrive at once', async () => {
    const { id, email } = await booked({ company: null, name: 'Cole Concurrent' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => collect(id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((answer) => answer.body.data.tracking_number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((answer) => answer.body.data.created)).toHaveLength(1);
    const [number] = [...numbers] as [string];
    const shipments = await rows(
      'SELECT s.status, s.sender_name, s.sender_email, s.weight, c.email AS customer_email FROM shipments s LEFT JOIN customers c ON c.id = s.customer_id WHERE s.sender_email = ?',
      [email],
    );
    expect(shipments).toEqual([
      {
        status: 'processing',
        sender_name: 'Cole Concurrent',
        sender_email: email,
        weight: 12.5,
        customer_email: email,
      },
    ]);
    // The three pieces booked, each to be labelled; only their total weight is known.
    expect(
      await rows(
        'SELECT p.number, p.weight FROM shipment_pieces p JOIN shipments s ON s.id = p.shipment_id WHERE s.tracking_number = ? ORDER BY p.number',
        [number],
      ),
    ).toEqual([1, 2, 3].map((piece) => ({ number: piece, weight: null })));
    expect(await rows('SELECT id FROM customers WHERE email = ?', [email])).toHaveLength(1);
    expect(await rows('SELECT status, tracking_number FROM pickups WHERE id = ?', [id])).toEqual([
      { status: 'picked_up', tracking_number: number },
    ]);
    expect(
      await rows(
        'SELECT 1 FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id WHERE s.tracking_number = ?',
        [number],
      ),
    ).toHaveLength(1);
  });

  it('links an existing shipment by its tracking number instead, once', async () => {
    const [existing] = await rows('SELECT tracking_number FROM shipments ORDER BY id LIMIT 1');
    const number = String(existing!.tracking_number);
    const { id } = await booked();
    const before = await rows('SELECT count(*) AS n FROM shipments');
    const unknown = await collect(id, { tracking_number: 'NECZZZZZZZZZ' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['tracking_number']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => collect(id, { tracking_number: number.toLowerCase() })),
    );
    expect(answers.every((answer) => answer.status === 200 && answer.body.data.tracking_number === number)).toBe(true);
    expect(await rows('SELECT count(*) AS n FROM shipments')).toEqual(before);
    expect(await rows('SELECT tracking_number FROM pickups WHERE id = ?', [id])).toEqual([{ tracking_number: number }]);
  });

  it("is the run driver's to record from their screen, today; a cancelled pickup is refused", async () => {
    const { id } = await booked();
    // Today's pickup (the form takes none this close): the day moved by hand.
    await rows('UPDATE pickups SET pickup_date = ? WHERE id = ?', [today(), id]);
    expect((await collect(id, {}, driverCookie)).status).toBe(403);
    expect((await assignTo(id, dana.id)).status).toBe(200);
    const mine = await call(driverPickups, apiRequest('/api/driver/pickups', { headers: withSession(driverCookie) }));
    expect(mine.status).toBe(200);
    expect(mine.body.data.pickups.map((pickup: { id: number }) => pickup.id)).toContain(id);
    const done = await collect(id, {}, driverCookie);
    expect(done.status).toBe(200);
    expect(done.body.data.created).toBe(true);

    const other = await booked();
    await cancel(other.token);
    expect((await collect(other.id)).status).toBe(409);
  });
});

describe('POST /api/pickups as a plain form (the pickup page without its script)', () => {
  /** The pickup page's form posted by the browser itself: urlencoded, from the site, every field as typed. */
  const postForm = (fields: Record<string, string>) =>
    pickups(
      new Request(`${SITE}/api/pickups`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: SITE,
          'x-nf-client-connection-ip': `198.51.100.${Math.floor(Math.random() * 250)}`,
        },
      }),
      {} as never,
    );
  const typed = (email: string) => ({
    name: 'Nico Noscript',
    company: '',
    email,
    phone: '+1 916 555 0142',
    address: '12 Harbor Road',
    city: 'Sacramento',
    destination: '',
    pickup_date: businessDay(),
    pickup_window: '09-12',
    pieces: '2',
    weight_kg: '7,5',
    notes: '',
  });

  it('books as JSON would, with its confirmation, and answers 303 to the page saying it is booked', async () => {
    const email = `pickup-form-${Date.now()}@example.com`;
    const response = await postForm(typed(email));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pickup-booked/');
    const db = await getDb();
    const { rows } = await db.execute({
      sql: `SELECT p.company, p.destination, p.pieces, p.weight_kg, p.notes,
              (SELECT count(*) FROM outbox o WHERE o.recipient = p.email AND o.kind = 'pickup_confirmed') AS mails
            FROM pickups p WHERE p.email = ?`,
      args: [email],
    });
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { company: null, destination: null, pieces: 2, weight_kg: 7.5, notes: null, mails: 1 },
    ]);
  });

  it('answers a fault with an HTML page naming each field and the way back, and books nothing', async () => {
    const email = `pickup-form-fault-${Date.now()}@example.com`;
    const response = await postForm({ ...typed(email), name: ' ', pickup_window: '06-09', pieces: '0' });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<h1>Your pickup request was not sent</h1>');
    expect(page.match(/<li>/g)).toHaveLength(3);
    expect(page).toContain('<a href="/pickup#pickup-form">');
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT count(*) AS n FROM pickups WHERE email = ?',
      args: [email],
    });
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
