import { beforeAll, describe, expect, it } from 'vitest';
import history from '../../netlify/functions/runs-history';
import runs from '../../netlify/functions/runs-list-assign';
import readRun from '../../netlify/functions/runs-read';
import removeStop from '../../netlify/functions/runs-remove-stop';
import reorder from '../../netlify/functions/runs-reorder';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { addDays } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { assignAs, createDriver, type Driver } from '../helpers/runs';
import { useTestDatabase } from '../helpers/test-db';

// Runs, as the API gives them to dispatchers: assignment (one or many, moving between runs), order,
// removal and each shipment's history; every refusal names its field and writes nothing.

const getDb = useTestDatabase({ seed: true });
const dispatcher = { email: 'runs-dispatcher@nec-cargo.example', password: 'a dispatcher plans the runs' };
let cookie: string;
let today: string;
let dana: Driver;
let vic: Driver;
/** Seeded shipments not yet delivered, handed out so that no two tests share one. */
let pool: string[];
const take = (count: number) => pool.splice(0, count);

const list = (query = '') => call(runs, apiRequest(`/api/runs${query}`, { headers: withSession(cookie) }));
const assign = (driver: Driver, date: string, numbers: string[]) =>
  assignAs(cookie, { driver_id: driver.id, run_date: date, tracking_numbers: numbers });
const putOrder = (runId: number, numbers: unknown) =>
  call(
    reorder,
    apiRequest(`/api/runs/${runId}/stops`, {
      method: 'PUT',
      json: { tracking_numbers: numbers },
      headers: withSession(cookie),
    }),
    { runId: String(runId) },
  );
const remove = (number: string) =>
  call(
    removeStop,
    apiRequest(`/api/shipments/${number}/run`, { method: 'DELETE', json: {}, headers: withSession(cookie) }),
    { trackingNumber: number },
  );
const historyOf = (number: string) =>
  call(history, apiRequest(`/api/shipments/${number}/assignments`, { headers: withSession(cookie) }), {
    trackingNumber: number,
  });
const runOf = (runId: number) =>
  call(readRun, apiRequest(`/api/runs/${runId}`, { headers: withSession(cookie) }), { runId: String(runId) });

async function count(sql: string, args: (string | number)[] = []) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]!.n);
}
const stopsOf = (body: { data: { run: { stops: { tracking_number: string; position: number }[] } } }) =>
  body.data.run.stops.map((stop) => [stop.position, stop.tracking_number]);

beforeAll(async () => {
  const db = await getDb();
  await setAdminPassword(db, dispatcher.email, dispatcher.password, 'dispatcher');
  cookie = await signIn(dispatcher);
  dana = await createDriver(db, 'Dana Driver');
  vic = await createDriver(db, 'Vic Van');
  // One after another: they are only the tests' material, not a concurrency check.
  pool = [];
  for (let index = 0; index < 45; index += 1) {
    const created = await call(
      addTracking,
      apiRequest('/api/add_tracking', {
        json: {
          sender_name: 'Runs Sender',
          recipient_name: `Recipient ${index}`,
          recipient_address: `${index} Elm Street, Sacramento`,
          origin: 'Oakland',
          destination: 'Sacramento',
          status: 'in_transit',
        },
        headers: withSession(cookie),
      }),
    );
    pool.push(created.body.data.tracking_number);
  }
  today = (await list()).body.data.today;
  // Two password hashes, two sign-up hashes and 45 shipments: slow on a busy machine.
}, 180_000);

describe('the runs of a date', () => {
  it("list every active driver, today's by default, and refuse a date that is not one", async () => {
    const db = await getDb();
    const gone = await createDriver(db, 'Gone Driver');
    await db.execute({ sql: "UPDATE admin_users SET status = 'deactivated' WHERE id = ?", args: [gone.id] });
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.data.date).toBe(today);
    const names = answer.body.data.drivers.map((driver: { name: string }) => driver.name);
    expect(names).toEqual(expect.arrayContaining(['Dana Driver', 'Vic Van']));
    expect(names).not.toContain('Gone Driver');
    expect(names).not.toContain(null);
    expect((await list(`?date=${addDays(today, 3)}`)).body.data.date).toBe(addDays(today, 3));
    const bad = await list('?date=2026-02-30');
    expect(bad).toMatchObject({ status: 422, body: { errors: { date: ['Must be a real calendar date'] } } });
  });
});

describe('assigning', () => {
  it('appends in the order given, makes the run once, and leaves a shipment already on it where it is', async () => {
    const date = addDays(today, 1);
    const [a, b, c, d] = take(4) as [string, string, string, string];
    const first = await assign(dana, date, [b, a.toLowerCase(), c]);
    expect(first.status).toBe(200);
    expect(stopsOf(first.body)).toEqual([
      [1, b],
      [2, a],
      [3, c],
    ]);
    expect(first.body.data).toMatchObject({ assigned: [b, a, c], moved: [], unchanged: [] });
    const again = await assign(dana, date, [d, a]);
    expect(again.body.data).toMatchObject({ assigned: [d], moved: [], unchanged: [a] });
    expect(stopsOf(again.body)).toEqual([
      [1, b],
      [2, a],
      [3, c],
      [4, d],
    ]);
    expect(await count('SELECT count(*) AS n FROM runs WHERE driver_id = ? AND run_date = ?', [dana.id, date])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM activity_log WHERE action = 'stop_assigned'")).toBeGreaterThanOrEqual(
      4,
    );

    const day = (await list(`?date=${date}`)).body.data;
    const hers = day.drivers.find((driver: { id: number }) => driver.id === dana.id);
    expect(hers.run.stops.map((stop: { tracking_number: string }) => stop.tracking_number)).toEqual([b, a, c, d]);
    expect(hers.run.stops[0]).toHaveProperty('recipient_address');
    expect(day.drivers.find((driver: { id: number }) => driver.id === vic.id).run).toBeNull();
  });

  it('moves a shipment from another run: the old run closes up, the history says moved', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const from = (await assign(dana, addDays(today, 2), [a, b, c])).body.data.run.id;
    const moved = await assign(vic, addDays(today, 4), [b]);
    expect(moved.body.data).toMatchObject({ assigned: [], moved: [b] });
    expect((await runOf(from)).body.data.run.stops.map((stop: { position: number }) => stop.position)).toEqual([1, 2]);
    const entries = (await historyOf(b)).body.data;
    expect(entries.current).toMatchObject({ driver: 'Vic Van', run_date: addDays(today, 4), position: 1 });
    expect(entries.entries.map((entry: { action: string }) => entry.action)).toEqual(['moved', 'assigned']);
    expect(entries.entries[0]).toMatchObject({ driver: 'Vic Van', actor: dispatcher.email });
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'stop_moved' AND tracking_number = ?", [b]),
    ).toBe(1);
  });

  it('refuses, naming the field and writing nothing: unknown numbers, delivered or returned ones, a past date, a non-driver', async () => {
    const db = await getDb();
    const [a, delivered, returned] = take(3) as [string, string, string];
    await db.execute({ sql: "UPDATE shipments SET status = 'delivered' WHERE tracking_number = ?", args: [delivered] });
    await db.execute({
      sql: "UPDATE shipments SET status = 'returned_to_sender' WHERE tracking_number = ?",
      args: [returned],
    });
    const before = await count(
      'SELECT (SELECT count(*) FROM run_stops) + (SELECT count(*) FROM stop_assignments) AS n',
    );
    const tomorrow = addDays(today, 1);

    const unknown = await assign(dana, tomorrow, [a, 'NECZZZZZZZZZ', delivered, returned]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.tracking_numbers).toEqual([
      'No shipment has these numbers: NECZZZZZZZZZ',
      `Delivered or returned, so not for a run: ${delivered}, ${returned}`,
    ]);
    expect(Object.keys(unknown.body.errors).sort()).toEqual([
      'tracking_numbers',
      'tracking_numbers.1',
      'tracking_numbers.2',
      'tracking_numbers.3',
    ]);
    const past = await assign(dana, addDays(today, -1), [a]);
    expect(past).toMatchObject({ status: 422, body: { errors: { run_date: [`Must be today (${today}) or later`] } } });
    const notDriver = await assignAs(cookie, { driver_id: 1, run_date: tomorrow, tracking_numbers: [a] });
    expect(notDriver.body.errors).toEqual({ driver_id: ['Choose an active driver'] });
    const gone = await createDriver(db, 'Left Driver');
    await db.execute({ sql: "UPDATE admin_users SET status = 'deactivated' WHERE id = ?", args: [gone.id] });
    expect((await assign(gone, tomorrow, [a])).body.errors).toHaveProperty('driver_id');
    const twice = await assign(dana, tomorrow, [a, a]);
    expect(twice.body.errors).toEqual({ 'tracking_numbers.1': [`${a} is in the list twice`] });
    expect((await assign(dana, tomorrow, [])).body.errors).toHaveProperty('tracking_numbers');
    expect((await assign(dana, '2026-13-01', [a])).body.errors).toHaveProperty('run_date');
    const after = await count('SELECT (SELECT count(*) FROM run_stops) + (SELECT count(*) FROM stop_assignments) AS n');
    expect(after).toBe(before);
    // Today is still open.
    expect((await assign(dana, today, [a])).status).toBe(200);
  });

  it('20 identical requests at once leave one stop per shipment, positions 1..n, one history entry each', async () => {
    const numbers = take(3);
    const date = addDays(today, 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => assign(vic, date, numbers)));
    expect(answers.map(({ status }) => status)).toEqual(Array(20).fill(200));
    const runId = answers[0]!.body.data.run.id;
    expect(await count('SELECT count(*) AS n FROM run_stops WHERE run_id = ?', [runId])).toBe(3);
    expect(stopsOf((await runOf(runId)).body)).toEqual(numbers.map((number, index) => [index + 1, number]));
    expect(await count('SELECT count(*) AS n FROM stop_assignments WHERE run_id = ?', [runId])).toBe(3);
    expect(answers.flatMap(({ body }) => body.data.assigned).sort()).toEqual([...numbers].sort());
  });

  it('20 different shipments put on one run at once take positions 1..20', async () => {
    const numbers = take(20);
    const date = addDays(today, 6);
    const answers = await Promise.all(numbers.map((number) => assign(dana, date, [number])));
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    const positions = (await runOf(answers[0]!.body.data.run.id)).body.data.run.stops.map(
      (stop: { position: number }) => stop.position,
    );
    expect(positions).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});

describe('a run', () => {
  it('takes a new order of exactly its stops, and refuses any other list', async () => {
    const [a, b, c, other] = take(4) as [string, string, string, string];
    const runId = (await assign(dana, addDays(today, 7), [a, b, c])).body.data.run.id;
    const reordered = await putOrder(runId, [c, a, b]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.stops.map((stop: { tracking_number: string }) => stop.tracking_number)).toEqual([
      c,
      a,
      b,
    ]);
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'run_reordered' AND subject_id = ?", [
        String(runId),
      ]),
    ).toBe(1);
    // The same order again changes nothing and logs nothing.
    expect((await putOrder(runId, [c, a, b])).status).toBe(200);
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'run_reordered' AND subject_id = ?", [
        String(runId),
      ]),
    ).toBe(1);

    for (const wrong of [
      [c, a],
      [c, a, b, other],
      [c, a, other],
    ]) {
      const refused = await putOrder(runId, wrong);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.tracking_numbers[0]).toMatch(/^Give exactly the 3 stops of this run/);
    }
    expect((await putOrder(runId, [c, c, a])).body.errors).toHaveProperty('tracking_numbers.1');
    expect(stopsOf((await runOf(runId)).body)).toEqual([
      [1, c],
      [2, a],
      [3, b],
    ]);
    expect((await putOrder(999999, [a])).status).toBe(404);
    expect((await runOf(999999)).status).toBe(404);
    expect((await runOf(runId)).body.data).toMatchObject({ run: { driver: { name: 'Dana Driver' } }, company: {} });
  });

  it('loses a removed stop: the ones after it move up, the history says removed, a second removal is 404', async () => {
    const [a, b, c] = take(3) as [string, string, string];
    const runId = (await assign(vic, addDays(today, 8), [a, b, c])).body.data.run.id;
    const answers = await Promise.all([remove(b), remove(b), remove(b)]);
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 404, 404]);
    expect(answers.find(({ status }) => status === 200)!.body.data).toMatchObject({
      action: 'removed',
      driver: 'Vic Van',
      actor: dispatcher.email,
    });
    expect(stopsOf((await runOf(runId)).body)).toEqual([
      [1, a],
      [2, c],
    ]);
    const entries = (await historyOf(b)).body.data;
    expect(entries.current).toBeNull();
    expect(entries.entries.map((entry: { action: string }) => entry.action)).toEqual(['removed', 'assigned']);
    expect(
      await count("SELECT count(*) AS n FROM activity_log WHERE action = 'stop_removed' AND tracking_number = ?", [b]),
    ).toBe(1);
    expect((await remove(b)).body.message).toBe('This shipment is not on a run.');
    expect((await historyOf('NECZZZZZZZZZ')).status).toBe(404);
  });
});
