import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import { CHART_DAYS, getDashboard } from '../../netlify/lib/dashboard';
import { FINAL_STATUSES, PENDING_STATUSES } from '../../src/lib/shipment-status';
import { seedInUtcAt } from '../helpers/dashboard';
import { useTestDatabase } from '../helpers/test-db';

// The seeded data alone, in a database of its own: the other dashboard tests add rows.
const getDb = useTestDatabase();
const DAY = 86_400_000;
const NOW = Date.parse('2026-03-15T12:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();
const seeded = buildSeedShipments(NOW);

beforeAll(async () => {
  await seedInUtcAt(await getDb(), NOW);
});

/** The status a seeded shipment had at a moment (its latest history entry up to then), or null before it existed. */
function statusAt(shipment: (typeof seeded)[number], time: number): string | null {
  if (Date.parse(shipment.created_at) > time) return null;
  const entries = shipment.histories.filter((entry) => Date.parse(entry.created_at) <= time);
  return entries.at(-1)?.status ?? null;
}

const countWhere = (predicate: (shipment: (typeof seeded)[number]) => boolean) => seeded.filter(predicate).length;
const percent = (value: number, previous: number) =>
  previous === 0 ? null : Math.round(((value - previous) / previous) * 100);

describe('getDashboard on the seeded database', () => {
  it('computes every stat card from the shipments and their histories', async () => {
    const { stats, generated_at } = await getDashboard(await getDb(), NOW);
    expect(generated_at).toBe(iso(NOW));

    const final = (status: string | null) => (FINAL_STATUSES as readonly (string | null)[]).includes(status);
    const active = countWhere((s) => !final(s.status));
    const activeBefore = countWhere((s) => {
      const st = statusAt(s, NOW - 7 * DAY);
      return st !== null && !final(st);
    });
    expect(stats.active_shipments).toEqual({
      value: active,
      previous: activeBefore,
      change_percent: percent(active, activeBefore),
    });

    const pending = countWhere((s) => (PENDING_STATUSES as readonly string[]).includes(s.status));
    const pendingBefore = countWhere((s) =>
      (PENDING_STATUSES as readonly string[]).includes(statusAt(s, NOW - DAY) ?? ''),
    );
    expect(stats.pending_orders).toEqual({
      value: pending,
      previous: pendingBefore,
      change_percent: percent(pending, pendingBefore),
    });

    const todayStart = Date.UTC(2026, 2, 15);
    const deliveredBetween = (from: number, to: number) =>
      countWhere((s) =>
        s.histories.some(
          (h) => h.status === 'delivered' && Date.parse(h.created_at) >= from && Date.parse(h.created_at) < to,
        ),
      );
    const today = deliveredBetween(todayStart, NOW);
    const yesterday = deliveredBetween(todayStart - DAY, todayStart);
    expect(stats.delivered_today).toEqual({
      value: today,
      previous: yesterday,
      change_percent: percent(today, yesterday),
    });

    // The seeded customers were inserted at the real current time, after NOW: none counts yet.
    expect(stats.new_customers).toEqual({ value: 0, previous: 0, change_percent: null });
  });

  it('lists the five newest shipments and a zero-filled 30-day chart', async () => {
    const dashboard = await getDashboard(await getDb(), NOW);
    const newest = [...seeded].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 5);
    expect(dashboard.recent_shipments).toEqual(
      newest.map(({ tracking_number, origin, destination, status, created_at }) => ({
        tracking_number,
        origin,
        destination,
        status,
        created_at,
      })),
    );

    expect(dashboard.shipments_per_day).toHaveLength(CHART_DAYS);
    expect(dashboard.shipments_per_day[0]!.date).toBe('2026-02-14');
    expect(dashboard.shipments_per_day.at(-1)!.date).toBe('2026-03-15');
    for (const { date, count } of dashboard.shipments_per_day) {
      expect(count, date).toBe(countWhere((s) => s.created_at.startsWith(date) && Date.parse(s.created_at) <= NOW));
    }
    expect(dashboard.activity).toEqual([]);
  });
});
