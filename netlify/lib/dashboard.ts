import type { Client, InStatement, ResultSet } from '@libsql/client';

import { z } from 'zod';
import { activityEntrySchema, type Dashboard, type DashboardFigure, dashboardSchema } from '@/lib/api/dashboard';
import { addDays, dateIn, dayStart, monthStart } from '@/lib/company-day';
import { FINAL_STATUSES, PENDING_STATUSES } from '@/lib/shipment-status';
import { countsFrom, exceptionCountsStatement } from './exceptions';
import { decodeFirst, decodeRows } from './rows';
import { batchInCompanyZone } from './settings';
import { placeholders } from './sql';

type ResultRows = ResultSet['rows'];

const DAY = 86_400_000;
export const CHART_DAYS = 30;

/** The company's calendar boundaries around `now` in its time zone, as the ISO text the database stores. */
function boundaries(now: number, zone: string) {
  const iso = (time: number) => new Date(time).toISOString();
  const today = dateIn(zone, now);
  // The chart's days, oldest first: each its date and the instants it starts and ends.
  const days = Array.from({ length: CHART_DAYS }, (_, index) => addDays(today, index - CHART_DAYS + 1)).map((date) => [
    date,
    dayStart(zone, date),
    dayStart(zone, addDays(date, 1)),
  ]);
  return {
    now: iso(now),
    weekAgo: iso(now - 7 * DAY),
    dayAgo: iso(now - DAY),
    today,
    todayStart: dayStart(zone, today),
    yesterdayStart: dayStart(zone, addDays(today, -1)),
    monthStart: dayStart(zone, monthStart(today)),
    lastMonthStart: dayStart(zone, monthStart(today, -1)),
    days: JSON.stringify(days),
  };
}

/**
 * How many shipments existing at time `?` had, at that time, a status in the given list: the status
 * of a shipment at a moment is the one of its latest history entry up to then.
 */
const STATUS_AT = (list: string) => `
  SELECT COUNT(*) AS n FROM shipments s
  WHERE s.created_at <= ?1
    AND (SELECT h.status FROM shipment_histories h
         WHERE h.shipment_id = s.id AND h.created_at <= ?1
         ORDER BY h.created_at DESC, h.id DESC LIMIT 1) ${list}`;

/** Every figure of the admin dashboard, each computed by the database in one read batch, by the company's day. */
export async function getDashboard(db: Client, now = Date.now()): Promise<Dashboard> {
  const { zone, results } = await batchInCompanyZone(db, (zone) => [
    ...statements(boundaries(now, zone)),
    exceptionCountsStatement(new Date(now), zone),
  ]);
  const at = boundaries(now, zone);
  const [active, activeBefore, delivered, customers, pending, pendingBefore, recent, activity, perDay, quotes, queue] =
    results;
  const count = (rows: ResultRows, column = 'n') =>
    decodeFirst(z.object({ [column]: z.number().int() }), rows)?.[column] ?? 0;

  return {
    generated_at: at.now,
    time_zone: zone,
    today: at.today,
    today_start: at.todayStart,
    stats: {
      // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
      active_shipments: figure(count(active!.rows), count(activeBefore!.rows)),
      // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
      delivered_today: figure(count(delivered!.rows, 'today'), count(delivered!.rows, 'yesterday')),
      // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
      new_customers: figure(count(customers!.rows, 'this_month'), count(customers!.rows, 'last_month')),
      // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
      pending_orders: figure(count(pending!.rows), count(pendingBefore!.rows)),
    },
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    exceptions: countsFrom(queue!.rows),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    new_quote_requests: count(quotes!.rows),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    recent_shipments: decodeRows(dashboardSchema.shape.recent_shipments.element, recent!.rows),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    activity: decodeRows(activityEntrySchema, activity!.rows),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    shipments_per_day: decodeRows(dashboardSchema.shape.shipments_per_day.element, perDay!.rows),
  };
}

function statements(at: ReturnType<typeof boundaries>): InStatement[] {
  return [
    // Active shipments: not yet delivered or returned to the sender, now and as of a week ago.
    {
      sql: `SELECT COUNT(*) AS n FROM shipments WHERE status NOT IN (${placeholders(FINAL_STATUSES)})`,
      args: [...FINAL_STATUSES],
    },
    {
      sql: STATUS_AT(`NOT IN (${FINAL_STATUSES.map((_, i) => `?${i + 2}`).join(', ')})`),
      args: [at.weekAgo, ...FINAL_STATUSES],
    },
    // Delivered today and yesterday: shipments with a "delivered" history entry in the company's day.
    {
      sql: `SELECT
              COUNT(DISTINCT CASE WHEN created_at >= ?2 THEN shipment_id END) AS today,
              COUNT(DISTINCT CASE WHEN created_at < ?2 THEN shipment_id END) AS yesterday
            FROM shipment_histories
            WHERE status = 'delivered' AND created_at >= ?1 AND created_at < ?3`,
      args: [at.yesterdayStart, at.todayStart, at.now],
    },
    // New customers this calendar month and last.
    {
      sql: `SELECT
              COUNT(CASE WHEN created_at >= ?2 THEN 1 END) AS this_month,
              COUNT(CASE WHEN created_at < ?2 THEN 1 END) AS last_month
            FROM customers WHERE created_at >= ?1 AND created_at < ?3`,
      args: [at.lastMonthStart, at.monthStart, at.now],
    },
    // Pending orders (preparing, processing, on hold), now and as of 24 hours ago.
    {
      sql: `SELECT COUNT(*) AS n FROM shipments WHERE status IN (${placeholders(PENDING_STATUSES)})`,
      args: [...PENDING_STATUSES],
    },
    {
      sql: STATUS_AT(`IN (${PENDING_STATUSES.map((_, i) => `?${i + 2}`).join(', ')})`),
      args: [at.dayAgo, ...PENDING_STATUSES],
    },
    {
      sql: `SELECT tracking_number, origin, destination, status, created_at FROM shipments
            WHERE created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 5`,
      args: [at.now],
    },
    {
      sql: `SELECT id, action, actor_email, tracking_number, subject_type, subject_id, details, created_at FROM activity_log
            WHERE created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 5`,
      args: [at.now],
    },
    // Shipments created per day of the company over the last 30 days, days without any included as 0.
    {
      sql: `SELECT d.value ->> 0 AS date, COUNT(s.id) AS count
            FROM json_each(?1) d LEFT JOIN shipments s
              ON s.created_at >= d.value ->> 1 AND s.created_at < d.value ->> 2 AND s.created_at < ?2
            GROUP BY d.key ORDER BY d.key`,
      args: [at.days, at.now],
    },
    { sql: `SELECT COUNT(*) AS n FROM quote_requests WHERE status = 'new'`, args: [] },
  ];
}

function figure(value: number, previous: number): DashboardFigure {
  return {
    value,
    previous,
    change_percent: previous === 0 ? null : Math.round(((value - previous) / previous) * 100),
  };
}
