import { beforeAll, describe, expect, it } from 'vitest';
import assign from '../../netlify/functions/pickups-assign';
import quoteRequest from '../../netlify/functions/quote-requests-update';
import { purgeUncollectedPickups } from '../../netlify/lib/pickups';
import { purgeUnbookedQuotes } from '../../netlify/lib/quotes';
import { UNCOLLECTED_PICKUP_KEEP_MONTHS } from '../../src/lib/pickup-hours';
import { UNBOOKED_QUOTE_KEEP_MONTHS } from '../../src/lib/quote-services';
import { signIn, withSession } from '../helpers/admin-session';
import { bookPickupFor, nextPickupDay } from '../helpers/pickups';
import { requestQuote } from '../helpers/quote-requests';
import { apiRequest, call } from '../helpers/requests';
import { createDriver } from '../helpers/runs';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

/** A request sent through the form by someone named `name`; its id, as the paths write it. */
const requested = async (name: string) => String(await requestQuote(name));

const setStatus = async (id: string, status: string) => {
  const answer = await call(
    quoteRequest,
    apiRequest(`/api/quote-requests/${id}`, { method: 'PATCH', json: { status }, headers: withSession(cookie) }),
    { id },
  );
  expect(answer.status).toBe(200);
};

async function rows(sql: string, args: Array<string | number>) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return rows.map((row) => ({ ...row }));
}

const monthsAhead = (months: number, days = 0) => {
  const when = new Date();
  when.setUTCMonth(when.getUTCMonth() + months);
  when.setUTCDate(when.getUTCDate() + days);
  return when;
};

describe(`quote requests that led to no booking go after ${UNBOOKED_QUOTE_KEEP_MONTHS} months`, () => {
  it('deletes them with their offers, keeps the booked ones, and their audit entries no longer name the requester', async () => {
    const lost = await requested('Lorna Lost');
    await setStatus(lost, 'lost');
    const open = await requested('Otis Open');
    const won = await requested('Wendy Won');
    await setStatus(won, 'won');
    // Accepted and later marked lost by hand: it still led to a booking.
    const accepted = await requested('Abe Accepted');
    await setStatus(accepted, 'lost');
    const db = await getDb();
    const offer = (
      id: string,
      ending: { state: string; ended_at: string; accepted_by_email: string; tracking_number: string } | null,
    ) =>
      db.execute({
        sql: `INSERT INTO quote_offers (quote_request_id, amount_cents, currency, valid_until, expires_at, origin,
                destination, token_hash, sent_by_email, created_at, state, ended_at, accepted_by_email, tracking_number)
              VALUES (?, 1000, 'USD', '2030-01-01', '2030-01-02T00:00:00.000Z', 'Here', 'There', ?, 'staff@example.com',
                '2026-01-01T00:00:00.000Z', ?, ?, ?, ?)`,
        args: [
          Number(id),
          `hash-${id}`,
          ending?.state ?? 'open',
          ending?.ended_at ?? null,
          ending?.accepted_by_email ?? null,
          ending?.tracking_number ?? null,
        ],
      });
    await offer(lost, null);
    await offer(accepted, {
      state: 'accepted',
      ended_at: '2026-01-02T00:00:00.000Z',
      accepted_by_email: 'abe.accepted@example.com',
      tracking_number: `NECRETAIN${accepted}`,
    });
    const ids = [lost, open, won, accepted];
    const kept = () =>
      rows(`SELECT CAST(id AS TEXT) AS id FROM quote_requests WHERE id IN (?, ?, ?, ?) ORDER BY id`, ids);

    // A day short of the time, nothing goes.
    await purgeUnbookedQuotes(db, monthsAhead(UNBOOKED_QUOTE_KEEP_MONTHS, -1));
    expect(await kept()).toEqual(ids.map((id) => ({ id })));

    expect(await purgeUnbookedQuotes(db, monthsAhead(UNBOOKED_QUOTE_KEEP_MONTHS, 1))).toBeGreaterThanOrEqual(2);
    expect(await kept()).toEqual([{ id: won }, { id: accepted }]);
    expect(await rows('SELECT count(*) AS n FROM quote_offers WHERE quote_request_id = ?', [Number(lost)])).toEqual([
      { n: 0 },
    ]);
    expect(await rows('SELECT count(*) AS n FROM quote_offers WHERE quote_request_id = ?', [Number(accepted)])).toEqual(
      [{ n: 1 }],
    );

    // The entries stay (who did what, when), without the requester's name or email.
    const entries = await rows(
      `SELECT subject_id, action, actor_email, details FROM activity_log
       WHERE subject_type = 'quote_request' AND subject_id IN (?, ?, ?, ?) ORDER BY id`,
      ids,
    );
    const gone = entries.filter((entry) => entry.subject_id === lost || entry.subject_id === open);
    expect(gone.map(({ action }) => action)).toEqual(['quote_received', 'quote_status_changed', 'quote_received']);
    expect(JSON.stringify(gone)).not.toMatch(/Lorna|Otis|lorna\.lost|otis\.open/);
    expect(gone[0]).toMatchObject({
      actor_email: 'Deleted requester',
      details: 'Deleted requester asked for a quote: Heavy Freight',
    });
    expect(gone[1]!.actor_email).not.toBe('Deleted requester');
    const left = entries.filter((entry) => entry.subject_id === won);
    expect(JSON.stringify(left)).toContain('Wendy Won');

    // Done: the next run finds nothing of these.
    await purgeUnbookedQuotes(db, monthsAhead(UNBOOKED_QUOTE_KEEP_MONTHS, 1));
    expect(await kept()).toEqual([{ id: won }, { id: accepted }]);
  });
});

describe(`pickups not collected go ${UNCOLLECTED_PICKUP_KEEP_MONTHS} months after their day`, () => {
  /** A pickup booked through the form for `day`; its id. */
  async function booked(name: string, day: string): Promise<number> {
    const { status, body } = await bookPickupFor(name, `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, day);
    expect(status).toBe(201);
    return body.data.id;
  }

  it('deletes the cancelled and the never collected, and keeps the collected', async () => {
    const day = nextPickupDay();
    // Booked by "Ed" and put on the run of "Ed Smith": the driver keeps his name in the entry when the pickup goes.
    const cancelled = await booked('Ed', day);
    const driver = await createDriver(await getDb(), 'Ed Smith');
    const assigned = await call(
      assign,
      apiRequest(`/api/pickups/${cancelled}/run`, {
        method: 'PUT',
        json: { driver_id: driver.id },
        headers: withSession(cookie),
      }),
      { id: String(cancelled) },
    );
    expect(assigned.status).toBe(200);
    const missed = await booked('Mo Missed', day);
    const collected = await booked('Col Collected', day);
    const db = await getDb();
    await db.execute({
      sql: "UPDATE pickups SET status = 'cancelled', cancelled_at = updated_at WHERE id = ?",
      args: [cancelled],
    });
    await db.execute({
      sql: "UPDATE pickups SET status = 'picked_up', tracking_number = ?, picked_up_at = updated_at WHERE id = ?",
      args: [`NECKEPT${collected}`, collected],
    });
    const ids = [cancelled, missed, collected];
    const left = () => rows('SELECT id FROM pickups WHERE id IN (?, ?, ?) ORDER BY id', ids);
    const pastItsDay = (days: number) => {
      const when = new Date(`${day}T12:00:00Z`);
      when.setUTCMonth(when.getUTCMonth() + UNCOLLECTED_PICKUP_KEEP_MONTHS);
      when.setUTCDate(when.getUTCDate() + days);
      return when;
    };

    await purgeUncollectedPickups(db, pastItsDay(0));
    expect(await left()).toEqual(ids.map((id) => ({ id })));
    expect(await purgeUncollectedPickups(db, pastItsDay(1))).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([{ id: collected }]);
    // Their bookings stay in the audit trail without the customer's email.
    const bookings = await rows(
      `SELECT subject_id, actor_email FROM activity_log
       WHERE action = 'pickup_booked' AND subject_id IN (?, ?, ?) ORDER BY id`,
      ids.map(String),
    );
    expect(bookings).toEqual([
      { subject_id: String(cancelled), actor_email: 'Deleted customer' },
      { subject_id: String(missed), actor_email: 'Deleted customer' },
      { subject_id: String(collected), actor_email: 'col.collected@example.com' },
    ]);
    expect(
      await rows(`SELECT details FROM activity_log WHERE action = 'pickup_assigned' AND subject_id = ?`, [
        String(cancelled),
      ]),
    ).toEqual([{ details: `To Ed Smith on ${day}` }]);
  });
});
