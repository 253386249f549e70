import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import apiKeyRevoke from '../../netlify/functions/api-keys-revoke';
import adminLogin from '../../netlify/functions/auth-login';
import adminSession from '../../netlify/functions/auth-session';
import outbox from '../../netlify/functions/outbox-list';
import scans from '../../netlify/functions/scans-create';
import trackings from '../../netlify/functions/shipments-list';
import shipment from '../../netlify/functions/shipments-read-edit';
import updateLocation from '../../netlify/functions/shipments-update-location';
import updateStatus from '../../netlify/functions/shipments-update-status';
import waybills from '../../netlify/functions/waybills-read';
import { hashToken } from '../../netlify/lib/tokens';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

/** A device's request: the key in Authorization, JSON, and no cookie or browser headers at all. */
const device = (path: string, key: string, init: { method?: string; json?: unknown } = {}) =>
  new Request(new URL(path, 'http://localhost:8888'), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${key}`,
      ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });

async function createKey(name: string) {
  const created = await call(apiKeys, apiRequest('/api/api-keys', { json: { name }, headers: withSession(cookie) }));
  expect(created.status).toBe(201);
  return created.body.data as { id: number; key: string; prefix: string; name: string };
}

const moveTo = (key: string, number: string, country: string) =>
  call(
    updateLocation,
    device(`/api/tracking/${number}/update-location`, key, {
      method: 'PUT',
      json: { tracking_number: number, current_country: country, arrival_time: '2026-12-01T10:00' },
    }),
    { trackingNumber: number },
  );

describe('device API keys', () => {
  it('are shown once, stored hashed with a visible prefix, and listed without their secret', async () => {
    const key = await createKey('Dock scanner 1');
    expect(key.key).toMatch(/^nec_[\w-]{43}$/);
    expect(key.prefix).toBe(key.key.slice(0, 12));
    const { rows } = await (await getDb()).execute({ sql: 'SELECT * FROM api_keys WHERE id = ?', args: [key.id] });
    expect(rows[0]!.key_hash).toBe(hashToken(key.key));
    expect(JSON.stringify(rows[0])).not.toContain(key.key);

    const listed = await call(apiKeys, apiRequest('/api/api-keys', { headers: withSession(cookie) }));
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((item: { id: number }) => item.id === key.id);
    expect(entry).toMatchObject({ name: 'Dock scanner 1', prefix: key.prefix, last_used_at: null, revoked_at: null });
    expect(entry.created_by_email).toBe(TEST_ADMIN.email);
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
  });

  it('refuses a second live key with the same name (422 on name) and a blank name', async () => {
    await createKey('GPS unit 7');
    const again = await call(
      apiKeys,
      apiRequest('/api/api-keys', { json: { name: 'gps UNIT 7' }, headers: withSession(cookie) }),
    );
    expect(again.status).toBe(422);
    expect(again.body.errors.name).toBeDefined();
    const blank = await call(
      apiKeys,
      apiRequest('/api/api-keys', { json: { name: '  ' }, headers: withSession(cookie) }),
    );
    expect(blank.body.errors.name).toEqual(['Name is required']);
  });

  it('update a location over HTTP, logged under the key name, then are refused once revoked', async () => {
    const key = await createKey('Truck 12 GPS');
    const number = seeded[0]!.tracking_number;
    const moved = await moveTo(key.key, number, 'Hamburg, Germany');
    expect(moved.status).toBe(200);
    expect(moved.body.data.current_location).toBe('Hamburg, Germany');

    const db = await getDb();
    const { rows } = await db.execute('SELECT * FROM activity_log ORDER BY id DESC LIMIT 1');
    expect(rows[0]).toMatchObject({
      action: 'location_changed',
      actor_email: 'Truck 12 GPS (API key)',
      tracking_number: number,
    });
    const listed = await call(apiKeys, apiRequest('/api/api-keys', { headers: withSession(cookie) }));
    expect(listed.body.data.find((item: { id: number }) => item.id === key.id).last_used_at).not.toBeNull();

    const status = await call(
      updateStatus,
      device(`/api/tracking/${number}/update`, key.key, {
        method: 'PUT',
        json: { tracking_number: number, status: 'in_transit', note: 'Departed hub' },
      }),
      { trackingNumber: number },
    );
    expect(status.status).toBe(200);
    expect(status.body.data.status).toBe('in_transit');

    const revoked = await call(
      apiKeyRevoke,
      apiRequest(`/api/api-keys/${key.id}/revoke`, { json: {}, headers: withSession(cookie) }),
      { keyId: String(key.id) },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const again = await call(
      apiKeyRevoke,
      apiRequest(`/api/api-keys/${key.id}/revoke`, { json: {}, headers: withSession(cookie) }),
      { keyId: String(key.id) },
    );
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    const { rows: revocations } = await db.execute({
      sql: "SELECT * FROM activity_log WHERE action = 'api_key_revoked' AND subject_id = ?",
      args: [key.prefix],
    });
    expect(revocations).toHaveLength(1);

    const before = (await db.execute('SELECT count(*) AS n FROM shipment_histories')).rows[0]!.n;
    const refused = await moveTo(key.key, number, 'Rotterdam, Netherlands');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ status: 'error', message: 'Authentication required' });
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await db.execute('SELECT count(*) AS n FROM shipment_histories')).rows[0]!.n).toBe(before);
  });

  it('cannot read lists or shipments, see the outbox, manage keys or sign in', async () => {
    const key = await createKey('Read attempt');
    const number = seeded[1]!.tracking_number;
    for (const [handler, path, params] of [
      [trackings, '/api/trackings', {}],
      [shipment, `/api/shipments/${number}`, { trackingNumber: number }],
      [apiKeys, '/api/api-keys', {}],
      [outbox, '/api/outbox', {}],
      [waybills, `/api/waybills?numbers=${number}`, {}],
      [adminSession, '/api/admin/session', {}],
    ] as const) {
      const answer = await call(handler, device(path, key.key), params);
      expect(answer.status, path).toBe(401);
    }
    const createAnother = await call(
      apiKeys,
      device('/api/api-keys', key.key, { method: 'POST', json: { name: 'x' } }),
    );
    expect(createAnother.status).toBe(401);

    // The key is not a password, and a key header does not sign anyone in.
    const login = await call(
      adminLogin,
      apiRequest('/api/admin/login', {
        json: { email: TEST_ADMIN.email, password: key.key },
        headers: { Authorization: `Bearer ${key.key}` },
      }),
    );
    expect(login.status).toBe(401);
    expect(login.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a malformed or unknown key, and never falls back to the cookie', async () => {
    const number = seeded[2]!.tracking_number;
    for (const header of ['Bearer nec_not-a-key', `Bearer nec_${'A'.repeat(43)}`, 'Basic Zm9vOmJhcg==', 'Bearer']) {
      const answer = await call(
        updateStatus,
        apiRequest(`/api/tracking/${number}/update`, {
          method: 'PUT',
          json: { tracking_number: number, status: 'on_hold' },
          headers: withSession(cookie, { Authorization: header }),
        }),
        { trackingNumber: number },
      );
      expect(answer.status, header).toBe(401);
    }
  });
});

describe('POST /api/scans', () => {
  const scan = (key: string, events: unknown[]) =>
    call(scans, device('/api/scans', key, { method: 'POST', json: { events } }));

  async function historyOf(number: string) {
    const { rows } = await (await getDb()).execute({
      sql: `SELECT h.status, h.notes, h.location_city, h.location_country, h.created_at
            FROM shipment_histories h JOIN shipments s ON s.id = h.shipment_id
            WHERE s.tracking_number = ? ORDER BY h.created_at, h.id`,
      args: [number],
    });
    return rows;
  }

  it('applies events in order, answers each result, and a retry changes nothing', async () => {
    const key = await createKey('Hub scanner');
    const [a, b] = [seeded[3]!.tracking_number, seeded[4]!.tracking_number];
    const base = Date.now() + 60_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const events = [
      { event_id: 'e-1', tracking_number: a, status: 'in_transit', location: 'Leipzig, Germany', scanned_at: at(0) },
      { event_id: 'e-2', tracking_number: a, location: 'Berlin, Germany', note: 'Sorted', scanned_at: at(1) },
      { event_id: 'e-3', tracking_number: b.toLowerCase(), status: 'On Hold', scanned_at: at(2) },
      { event_id: 'e-4', tracking_number: 'NEC000000000', status: 'delivered', scanned_at: at(3) },
      {
        event_id: 'e-5',
        tracking_number: a,
        status: 'delivered',
        scanned_at: new Date(base + 86_400_000).toISOString(),
      },
    ];
    const before = await historyOf(a);
    const first = await scan(key.key, events);
    expect(first.status).toBe(200);
    expect(first.body.data.map((item: { result: string }) => item.result)).toEqual([
      'applied',
      'applied',
      'applied',
      'not_found',
      'rejected',
    ]);
    expect(first.body.meta).toEqual({ applied: 3, history_only: 0, duplicate: 0, not_found: 1, rejected: 1 });

    const after = await historyOf(a);
    expect(after.length).toBe(before.length + 2);
    expect(after.slice(-2)).toMatchObject([
      { status: 'in_transit', notes: null, location_city: 'Leipzig', location_country: 'Germany', created_at: at(0) },
      {
        status: 'in_transit',
        notes: 'Sorted',
        location_city: 'Berlin',
        location_country: 'Germany',
        created_at: at(1),
      },
    ]);
    const db = await getDb();
    const { rows } = await db.execute({
      sql: 'SELECT status, current_location FROM shipments WHERE tracking_number = ?',
      args: [a],
    });
    expect(rows[0]).toMatchObject({ status: 'in_transit', current_location: 'Berlin, Germany' });
    const { rows: log } = await db.execute({
      sql: "SELECT action, actor_email FROM activity_log WHERE tracking_number = ? AND actor_email = 'Hub scanner (API key)'",
      args: [a],
    });
    expect(log.map((row) => row.action)).toEqual(['status_changed', 'location_changed']);

    const retry = await scan(key.key, events);
    expect(retry.body.data.map((item: { result: string }) => item.result)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'not_found',
      'rejected',
    ]);
    expect(await historyOf(a)).toHaveLength(after.length);
  });

  it('adds a late scan to the history without overwriting a newer status', async () => {
    const key = await createKey('Late uploader');
    const number = seeded[5]!.tracking_number;
    const history = await historyOf(number);
    const latest = Date.parse(String(history.at(-1)!.created_at));
    const answer = await scan(key.key, [
      {
        event_id: 'late-1',
        tracking_number: number,
        status: 'processing',
        scanned_at: new Date(latest - 3_600_000).toISOString(),
      },
    ]);
    expect(answer.body.data[0].result).toBe('history_only');
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT status FROM shipments WHERE tracking_number = ?',
      args: [number],
    });
    expect(rows[0]!.status).toBe(seeded[5]!.status);
    expect(await historyOf(number)).toHaveLength(history.length + 1);
  });

  it('20 identical posts at once add each event once', async () => {
    const key = await createKey('Flaky network scanner');
    const numbers = [seeded[6]!.tracking_number, seeded[7]!.tracking_number];
    const start = Date.now() + 120_000;
    const events = Array.from({ length: 10 }, (_, index) => ({
      event_id: `burst-${index}`,
      tracking_number: numbers[index % 2],
      location: `Depot ${index}, Germany`,
      scanned_at: new Date(start + index * 1000).toISOString(),
    }));
    const before = await Promise.all(numbers.map(historyOf));
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(key.key, events)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const applied = answers.flatMap((answer) =>
      answer.body.data.filter((item: { result: string }) => item.result === 'applied'),
    );
    expect(applied).toHaveLength(10);
    const after = await Promise.all(numbers.map(historyOf));
    expect(after.map((rows, index) => rows.length - before[index]!.length)).toEqual([5, 5]);
    const { rows } = await (await getDb()).execute({
      sql: "SELECT count(*) AS n FROM scan_events WHERE event_id LIKE 'burst-%'",
      args: [],
    });
    expect(rows[0]!.n).toBe(10);
  });

  it('validates the body: at most 500 events, unique event ids, something to record, a zoned time', async () => {
    const key = await createKey('Validator');
    const number = seeded[8]!.tracking_number;
    const event = { event_id: 'v', tracking_number: number, status: 'in_transit', scanned_at: '2026-01-01T10:00:00Z' };
    const tooMany = await scan(
      key.key,
      Array.from({ length: 501 }, (_, index) => ({ ...event, event_id: `v${index}` })),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.events).toEqual(['At most 500 events per request']);
    const repeated = await scan(key.key, [event, { ...event, status: 'on_hold' }]);
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors).toEqual({ 'events.1.event_id': ['Repeats an earlier event id'] });
    const bad = await scan(key.key, [
      event,
      event,
      { event_id: 'w', tracking_number: number, scanned_at: '2026-01-01T10:00:00Z' },
      { ...event, event_id: 'x', scanned_at: '2026-01-01 10:00' },
      { ...event, event_id: 'y', status: 'lost' },
    ]);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['events.2.status', 'events.3.scanned_at', 'events.4.status']);
    expect((await scan(key.key, [])).status).toBe(422);
  });

  it('takes a day of scans (500 events) in one request', async () => {
    const key = await createKey('Day uploader');
    const numbers = seeded.slice(10, 20).map((item) => item.tracking_number);
    const start = Date.now();
    const events = Array.from({ length: 500 }, (_, index) => ({
      event_id: `day-${index}`,
      tracking_number: numbers[index % numbers.length],
      location: 'Memphis, United States',
      note: `Scan ${index} of the day, conveyor belt 3`,
      scanned_at: new Date(start + index * 500).toISOString(),
    }));
    const answer = await scan(key.key, events);
    expect(answer.status).toBe(200);
    expect(answer.body.meta.applied).toBe(500);
    // 500 events, each with its history, piece and email statements: seconds on a busy two-core machine.
  }, 60_000);
});
