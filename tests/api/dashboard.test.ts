import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import dashboard from '../../netlify/functions/dashboard-read';
import trackings from '../../netlify/functions/shipments-list';
import { getDashboard } from '../../netlify/lib/dashboard';
import { signIn, withSession } from '../helpers/admin-session';
import { seedInUtcAt, setZone } from '../helpers/dashboard';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();
const seeded = buildSeedShipments(NOW);

/** Settings > General's time zone, as saved (the company's day). */
const zoned = async (zone: string) => setZone(await getDb(), zone, NOW);

beforeAll(async () => {
  // The figures below are reckoned in UTC days; the company's own zone has its tests at the end.
  await seedInUtcAt(await getDb(), NOW);
});

describe('getDashboard after rows inserted at known times', () => {
  let before: Awaited<ReturnType<typeof getDashboard>>;
  const created = 'NECDASH00001';
  const transit = seeded.find((s) => s.status === 'in_transit')!;

  beforeAll(async () => {
    const db = await getDb();
    before = await getDashboard(db, NOW);
    await db.batch(
      [
        // A new shipment one hour ago, still processing.
        {
          sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination, created_at)
                VALUES (?, 'processing', 'Ann Sender', 'Rob Recipient', '1 Main St', 'Oslo, Norway', 'Lima, Peru', ?)`,
          args: [created, iso(NOW - HOUR)],
        },
        {
          sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
                VALUES ((SELECT id FROM shipments WHERE tracking_number = ?), 'processing', 'Order received', ?)`,
          args: [created, iso(NOW - HOUR)],
        },
        // A shipment in transit delivered two hours ago, and another delivered entry yesterday afternoon.
        { sql: `UPDATE shipments SET status = 'delivered' WHERE tracking_number = ?`, args: [transit.tracking_number] },
        {
          sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
                VALUES ((SELECT id FROM shipments WHERE tracking_number = ?), 'delivered', 'Delivered', ?)`,
          args: [transit.tracking_number, iso(NOW - 2 * HOUR)],
        },
        {
          sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
                VALUES ((SELECT id FROM shipments WHERE tracking_number = ?), 'delivered', 'Delivered', ?)`,
          args: [created, iso(Date.UTC(2026, 2, 14, 15))],
        },
        // Customers: three this month, two last month, one earlier (not counted).
        ...[
          ['CUS-2001', Date.UTC(2026, 2, 1)],
          ['CUS-2002', Date.UTC(2026, 2, 10)],
          ['CUS-2003', NOW - HOUR],
          ['CUS-2004', Date.UTC(2026, 1, 1)],
          ['CUS-2005', Date.UTC(2026, 1, 28, 23)],
          ['CUS-2006', Date.UTC(2026, 0, 31)],
        ].map(([id, time]) => ({
          sql: `INSERT INTO customers (id, name, created_at) VALUES (?, ?, ?)`,
          args: [id!, `Customer ${id}`, iso(time as number)],
        })),
        // Six activity entries a minute apart: the dashboard shows the five newest, newest first.
        ...[0, 1, 2, 3, 4, 5].map((minute) => ({
          sql: `INSERT INTO activity_log (actor_email, action, tracking_number, details, created_at) VALUES (?, ?, ?, ?, ?)`,
          args: [
            TEST_ADMIN.email,
            minute === 5 ? 'login' : 'status_changed',
            minute === 5 ? null : created,
            `entry ${minute}`,
            iso(NOW - (10 - minute) * 60_000),
          ],
        })),
      ],
      'write',
    );
  });

  it('moves each stat card by exactly what was inserted', async () => {
    const { stats } = await getDashboard(await getDb(), NOW);
    // +1 new processing shipment, -1 delivered one; a week ago unchanged.
    expect(stats.active_shipments.value).toBe(before.stats.active_shipments.value);
    expect(stats.active_shipments.previous).toBe(before.stats.active_shipments.previous);
    expect(stats.delivered_today.value).toBe(before.stats.delivered_today.value + 1);
    expect(stats.delivered_today.previous).toBe(before.stats.delivered_today.previous + 1);
    expect(stats.new_customers).toEqual({ value: 3, previous: 2, change_percent: 50 });
    expect(stats.pending_orders.value).toBe(before.stats.pending_orders.value + 1);
    // A day ago the new shipment did not exist yet.
    expect(stats.pending_orders.previous).toBe(before.stats.pending_orders.previous);
  });

  it('shows the new shipment first, counts it today in the chart, and lists the five newest activities', async () => {
    const dashboard = await getDashboard(await getDb(), NOW);
    expect(dashboard.recent_shipments[0]).toEqual({
      tracking_number: created,
      origin: 'Oslo, Norway',
      destination: 'Lima, Peru',
      status: 'processing',
      created_at: iso(NOW - HOUR),
    });
    expect(dashboard.recent_shipments.slice(1)).toEqual(before.recent_shipments.slice(0, 4));
    expect(dashboard.shipments_per_day.at(-1)!.count).toBe(before.shipments_per_day.at(-1)!.count + 1);
    expect(dashboard.shipments_per_day.slice(0, -1)).toEqual(before.shipments_per_day.slice(0, -1));

    expect(dashboard.activity.map((entry) => entry.details)).toEqual([
      'entry 5',
      'entry 4',
      'entry 3',
      'entry 2',
      'entry 1',
    ]);
    expect(dashboard.activity[0]).toMatchObject({
      action: 'login',
      actor_email: TEST_ADMIN.email,
      tracking_number: null,
      created_at: iso(NOW - 5 * 60_000),
    });
    expect(dashboard.activity[1]).toMatchObject({ action: 'status_changed', tracking_number: created });
    expect(Object.keys(dashboard.activity[0]!).sort()).toEqual([
      'action',
      'actor_email',
      'created_at',
      'details',
      'id',
      'subject_id',
      'subject_type',
      'tracking_number',
    ]);
  });

  it('ignores what happens after the moment asked about', async () => {
    const earlier = await getDashboard(await getDb(), NOW - 3 * HOUR);
    expect(earlier.recent_shipments.map((s) => s.tracking_number)).not.toContain(created);
    expect(earlier.stats.new_customers.value).toBe(2);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers 401 without a session and with a forged one', async () => {
    const anonymous = await call(dashboard, apiRequest('/api/admin/dashboard'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: 'error', message: 'Authentication required' });
    const forged = await call(
      dashboard,
      apiRequest('/api/admin/dashboard', { headers: { Cookie: '__Host-session=forged' } }),
    );
    expect(forged.status).toBe(401);
  });

  it('answers the signed-in admin with the figures of this moment', async () => {
    const cookie = await signIn();
    const { status, body, headers } = await call(
      dashboard,
      apiRequest('/api/admin/dashboard', { headers: withSession(cookie) }),
    );
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('success');
    expect(Object.keys(body.data).sort()).toEqual([
      'activity',
      'exceptions',
      'generated_at',
      'new_quote_requests',
      'recent_shipments',
      'shipments_per_day',
      'stats',
      'time_zone',
      'today',
      'today_start',
    ]);
    expect(Object.keys(body.data.stats).sort()).toEqual([
      'active_shipments',
      'delivered_today',
      'new_customers',
      'pending_orders',
    ]);
    const direct = await getDashboard(await getDb(), Date.parse(body.data.generated_at));
    expect(body.data).toEqual(direct);
    // The seeded customers were created now (real time), so this month counts them.
    expect(body.data.stats.new_customers.value).toBeGreaterThanOrEqual(5);
  });

  it('refuses other methods with 405 and Allow', async () => {
    const cookie = await signIn();
    const response = await call(
      dashboard,
      apiRequest('/api/admin/dashboard', { method: 'DELETE', headers: withSession(cookie) }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe("the company's day (Settings > General's time zone)", () => {
  // A delivery at 23:30 UTC on 9 March 2030, far from every seeded time.
  const deliveredAt = '2030-03-09T23:30:00.000Z';
  const number = 'NECZONE00001';

  beforeAll(async () => {
    const db = await getDb();
    await db.batch(
      [
        {
          sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination, created_at)
                VALUES (?, 'delivered', 'Ann Sender', 'Rob Recipient', '1 Main St', 'Oslo, Norway', 'Lima, Peru', ?)`,
          args: [number, '2030-03-08T10:00:00.000Z'],
        },
        {
          sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
                VALUES ((SELECT id FROM shipments WHERE tracking_number = ?), 'delivered', 'Delivered', ?)`,
          args: [number, deliveredAt],
        },
      ],
      'write',
    );
  });
  afterAll(() => zoned('UTC'));

  it.each([
    // Tokyo (UTC+9): 23:30 UTC is 08:30 the next morning, so it is delivered "today" on the 10th.
    ['Asia/Tokyo', '2030-03-10T01:00:00.000Z', '2030-03-10', '2030-03-09T15:00:00.000Z', 1, 0],
    ['Asia/Tokyo', '2030-03-09T14:00:00.000Z', '2030-03-09', '2030-03-08T15:00:00.000Z', 0, 0],
    // Sacramento (UTC-8 until the clocks change on the 10th): 15:30 on the 9th, "yesterday" on the 10th.
    ['America/Los_Angeles', '2030-03-10T01:00:00.000Z', '2030-03-09', '2030-03-09T08:00:00.000Z', 1, 0],
    ['America/Los_Angeles', '2030-03-10T20:00:00.000Z', '2030-03-10', '2030-03-10T08:00:00.000Z', 0, 1],
    // UTC itself: the 9th.
    ['UTC', '2030-03-10T01:00:00.000Z', '2030-03-10', '2030-03-10T00:00:00.000Z', 0, 1],
  ])(
    'in %s at %s the day is %s from %s: delivered today %i, yesterday %i',
    async (zone, now, today, start, value, previous) => {
      await zoned(zone);
      const dashboard = await getDashboard(await getDb(), Date.parse(now));
      expect(dashboard).toMatchObject({ time_zone: zone, today, today_start: start });
      expect(dashboard.stats.delivered_today).toMatchObject({ value, previous });
      expect(dashboard.shipments_per_day.at(-1)!.date).toBe(today);
      // The created shipment is in the chart on its day in the zone.
      const createdOn = new Date('2030-03-08T10:00:00.000Z').toLocaleDateString('en-CA', { timeZone: zone });
      expect(dashboard.shipments_per_day.find((day) => day.date === createdOn)?.count).toBe(1);
    },
  );

  it('the list of the day (the dashboard link) starts at the same midnight', async () => {
    await zoned('Asia/Tokyo');
    const { today_start } = await getDashboard(await getDb(), Date.parse('2030-03-10T01:00:00.000Z'));
    const cookie = await signIn();
    const listed = await call(
      trackings,
      apiRequest(`/api/trackings?delivered_since=${today_start}`, { headers: withSession(cookie) }),
    );
    expect(listed.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toEqual([number]);
  });
});

describe('active shipments', () => {
  it('counts neither a delivered nor a returned shipment, now or as of a week ago', async () => {
    const db = await getDb();
    const before = (await getDashboard(db, NOW)).stats.active_shipments;
    const shipment = (number: string, status: string, created: number) => [
      {
        sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination, created_at)
              VALUES (?, ?, 'Ann Sender', 'Rob Recipient', '1 Main St', 'Oslo, Norway', 'Lima, Peru', ?)`,
        args: [number, status, iso(created)],
      },
      {
        sql: `INSERT INTO shipment_histories (shipment_id, status, notes, created_at)
              VALUES ((SELECT id FROM shipments WHERE tracking_number = ?), ?, 'Entry', ?)`,
        args: [number, status, iso(created)],
      },
    ];
    const numbers = ['NECACTIVE001', 'NECACTIVE002', 'NECACTIVE003'];
    try {
      await db.batch(
        [
          // Returned and delivered ten days ago: in neither figure.
          ...shipment(numbers[0]!, 'returned_to_sender', NOW - 10 * DAY),
          ...shipment(numbers[1]!, 'delivered', NOW - 10 * DAY),
          // In transit since ten days ago: in both.
          ...shipment(numbers[2]!, 'in_transit', NOW - 10 * DAY),
        ],
        'write',
      );
      const after = (await getDashboard(db, NOW)).stats.active_shipments;
      expect(after.value).toBe(before.value + 1);
      expect(after.previous).toBe(before.previous + 1);
    } finally {
      await db.batch(
        [
          {
            sql: `DELETE FROM shipment_histories WHERE shipment_id IN (SELECT id FROM shipments WHERE tracking_number IN (?, ?, ?))`,
            args: numbers,
          },
          { sql: 'DELETE FROM shipments WHERE tracking_number IN (?, ?, ?)', args: numbers },
        ],
        'write',
      );
    }
  });
});
