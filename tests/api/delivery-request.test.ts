import { describe, expect, it } from 'vitest';
import create from '../../netlify/functions/delivery-requests-create';
import list from '../../netlify/functions/exceptions-list';
import closedDays from '../../netlify/functions/settings-closed-days-read-save';
import tracking from '../../netlify/functions/tracking-lookup';
import reveal from '../../netlify/functions/tracking-reveal';
import { REQUEST_LIMITS, REVEAL_FIRST } from '../../netlify/lib/delivery-requests';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { nextBusinessDays } from '../../src/lib/delivery-request';
import { signIn, withSession } from '../helpers/admin-session';
import { holdTheClock } from '../helpers/clock';
import { hoursAgo, shipmentWith } from '../helpers/exceptions';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;
const today = () => dateIn(company.timeZone, Date.now());

/** A failed attempt of this test's own (or a shipment `delivered`), revealed by its recipient from `address`. */
async function revealed(address: string, email = 'rita@example.com', delivered = false) {
  const number = await shipmentWith(await getDb(), [
    delivered
      ? { status: 'delivered', at: hoursAgo(1) }
      : { status: 'delivery_failed', at: hoursAgo(1), reason: 'recipient_not_home' },
  ]);
  const answer = await call(
    reveal,
    apiRequest(`/api/tracking/${number}/reveal`, {
      json: { email },
      headers: { 'x-nf-client-connection-ip': address },
    }),
    { trackingNumber: number },
  );
  expect(answer.status).toBe(200);
  return { number, cookie: answer.headers.get('set-cookie')!.split(';')[0]!, offered: answer.body.data.delivery_days };
}

/** The public lookup of `number`, from the browser holding `cookie` (or from one that revealed nothing). */
const lookup = (number: string, cookie?: string) =>
  call(tracking, apiRequest(`/api/tracking/${number}`, { headers: cookie ? { Cookie: cookie } : {} }), {
    trackingNumber: number,
  });

const ask = (number: string, body: unknown, { cookie, address }: { cookie?: string; address: string }) =>
  call(
    create,
    apiRequest(`/api/tracking/${number}/delivery-request`, {
      json: body,
      headers: { 'x-nf-client-connection-ip': address, ...(cookie ? { Cookie: cookie } : {}) },
    }),
    { trackingNumber: number },
  );

describe('POST /api/tracking/{n}/delivery-request', () => {
  it('takes one of the next 5 business days after the reveal, shows it back, and lists it in the queue', async () => {
    const address = newAddress();
    const { number, cookie, offered } = await revealed(address);
    const days = nextBusinessDays(today());
    expect(days).toHaveLength(5);
    for (const day of days) expect([0, 6]).not.toContain(new Date(`${day}T12:00:00Z`).getUTCDay());
    // The page offers the days the server takes: in the reveal's answer and the revealed lookup, to no one else.
    expect(offered).toEqual(days);
    expect((await lookup(number, cookie)).body.data.delivery_days).toEqual(days);
    expect((await lookup(number)).body.data.delivery_days).toEqual([]);
    const picked = days[2]!;
    const answer = await ask(number, { kind: 'redelivery', delivery_day: picked }, { cookie, address });
    expect(answer).toMatchObject({
      status: 201,
      body: {
        data: { delivery_days: days, delivery_request: { kind: 'redelivery', delivery_day: picked, handled: false } },
      },
    });
    expect((await lookup(number, cookie)).body.data.delivery_request.delivery_day).toBe(picked);
    expect((await lookup(number)).body.data.delivery_request).toBeNull();

    const staff = await signIn();
    const queue = await call(
      list,
      apiRequest('/api/exceptions?kind=request&limit=100', { headers: withSession(staff) }),
    );
    const row = queue.body.data.find((each: { tracking_number: string }) => each.tracking_number === number);
    expect(row).toMatchObject({ kinds: ['request'], open_request: { kind: 'redelivery', delivery_day: picked } });
  });

  it('offers no day once the shipment is delivered, revealed or not', async () => {
    const { number, cookie, offered } = await revealed(newAddress(), 'rita@example.com', true);
    expect(offered).toEqual([]);
    expect((await lookup(number, cookie)).body.data).toMatchObject({ address_revealed: true, delivery_days: [] });
  });

  it('refuses a day outside the next 5 business days, and bad input, naming the field', async () => {
    const address = newAddress();
    const { number, cookie } = await revealed(address);
    const days = nextBusinessDays(today());
    const weekend = Array.from({ length: 7 }, (_, index) => addDays(today(), index + 1)).find(
      (day) => !days.includes(day),
    )!;
    for (const day of [today(), addDays(days[4]!, 1), weekend, '2026-02-30']) {
      const answer = await ask(number, { kind: 'redelivery', delivery_day: day }, { cookie, address: newAddress() });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toHaveProperty('delivery_day');
    }
    const vague = await ask(number, { kind: 'instructions', place: 'neighbour', details: '' }, { cookie, address });
    expect(vague.body.errors).toHaveProperty('details');
    const nowhere = await ask(
      number,
      { kind: 'instructions', place: 'roof', details: 'On the roof' },
      { cookie, address },
    );
    expect(nowhere.body.errors).toHaveProperty('place');
    expect((await ask(number, { kind: 'teleport' }, { cookie, address })).status).toBe(422);
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT count(*) AS n FROM delivery_requests d JOIN shipments s ON s.id = d.shipment_id WHERE s.tracking_number = ?',
      args: [number],
    });
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("refuses one of the company's closed days, naming it, and takes the business day after the five instead", async () => {
    const address = newAddress();
    const { number, cookie } = await revealed(address);
    const days = nextBusinessDays(today());
    const closed = days[1]!;
    const later = nextBusinessDays(days[4]!, 1)[0]!;
    const staff = withSession(await signIn());
    const setClosed = (json: unknown) =>
      call(closedDays, apiRequest('/api/settings/closed-days', { method: 'PUT', json, headers: staff }));
    expect((await setClosed({ days: [closed] })).status).toBe(200);
    try {
      // The closed day is not offered; the day after the five is, in its place.
      const offered = [...days.filter((day) => day !== closed), later];
      expect((await lookup(number, cookie)).body.data.delivery_days).toEqual(offered);
      const refused = await ask(number, { kind: 'redelivery', delivery_day: closed }, { cookie, address });
      expect(refused).toMatchObject({
        status: 422,
        body: { errors: { delivery_day: [`We are closed on ${closed}: choose another day`] } },
      });
      const taken = await ask(number, { kind: 'redelivery', delivery_day: later }, { cookie, address });
      expect(taken).toMatchObject({ status: 201, body: { data: { delivery_days: offered } } });
    } finally {
      // The other tests of this file count their five days without it.
      expect((await setClosed({ days: [] })).status).toBe(200);
    }
  });

  it('needs the reveal, and stores instructions', async () => {
    const address = newAddress();
    const { number, cookie } = await revealed(address);
    const day = nextBusinessDays(today())[0]!;
    const stranger = await ask(number, { kind: 'redelivery', delivery_day: day }, { address });
    expect(stranger).toMatchObject({ status: 403, body: { message: REVEAL_FIRST } });
    const other = await revealed(address);
    const elsewhere = await ask(number, { kind: 'redelivery', delivery_day: day }, { cookie: other.cookie, address });
    expect(elsewhere.status).toBe(403);
    const left = await ask(
      number,
      { kind: 'instructions', place: 'safe_place', details: 'Behind the blue gate' },
      { cookie, address },
    );
    expect(left.body.data.delivery_request).toMatchObject({
      kind: 'instructions',
      instructions: 'Leave it in a safe place: Behind the blue gate',
      delivery_day: null,
    });
  });

  it('is throttled per shipment and client', async () => {
    holdTheClock();
    const address = newAddress();
    const { number, cookie } = await revealed(address);
    const day = nextBusinessDays(today())[1]!;
    const limit = REQUEST_LIMITS.perShipmentAndClient.limit;
    for (let index = 0; index < limit; index++) {
      expect((await ask(number, { kind: 'redelivery', delivery_day: day }, { cookie, address })).status).toBe(201);
    }
    const refused = await ask(number, { kind: 'redelivery', delivery_day: day }, { cookie, address });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
