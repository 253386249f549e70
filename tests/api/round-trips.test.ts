import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import changePassword from '../../netlify/functions/account-password-change';
import disableTwoFactor from '../../netlify/functions/account-two-factor-disable';
import enableTwoFactor from '../../netlify/functions/account-two-factor-enable';
import setupTwoFactor from '../../netlify/functions/account-two-factor-setup';
import login from '../../netlify/functions/auth-login';
import loginTwoFactor from '../../netlify/functions/auth-login-two-factor';
import cancelPickupLink from '../../netlify/functions/pickup-link-cancel';
import movePickupLink from '../../netlify/functions/pickup-link-move';
import bookPickup from '../../netlify/functions/pickups-create';
import acceptOffer from '../../netlify/functions/quote-offer-accept';
import sendOffer from '../../netlify/functions/quote-offers-send';
import requestQuote from '../../netlify/functions/quotes-create';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import createShipment from '../../netlify/functions/shipments-create';
import trackings from '../../netlify/functions/shipments-list';
import shipment from '../../netlify/functions/shipments-read-edit';
import batch from '../../netlify/functions/tracking-batch';
import tracking from '../../netlify/functions/tracking-lookup';
import reveal from '../../netlify/functions/tracking-reveal';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { closeDb, getDb } from '../../netlify/lib/db';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { isPickupDay } from '../../src/lib/pickup-hours';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { type CountingProxy, startCountingProxy } from '../helpers/sqld';
import { DB_MODE, useTestDatabase } from '../helpers/test-db';

useTestDatabase({ seed: true });
const numbers = buildSeedShipments()
  .slice(0, 10)
  .map((shipment) => shipment.tracking_number);

/**
 * Requests to a real libSQL server (sqld), counted by a proxy in front of it: with Turso each is a network
 * round trip, so the public lookups, the busiest calls, must make one. (A count, not a timing.)
 */
/** The describe block's calls go through a counting proxy in front of the test's sqld server. */
function countingProxy(): { readonly proxy: CountingProxy } {
  const state: { proxy?: CountingProxy; server?: string } = {};
  beforeAll(async () => {
    state.server = process.env.DATABASE_URL!;
    state.proxy = await startCountingProxy(state.server);
    await closeDb();
    process.env.DATABASE_URL = state.proxy.url;
    // Opening the connection checks it once: a warm function instance has done so already.
    await getDb();
  });
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = state.server!;
    await state.proxy?.stop();
  });
  return {
    get proxy() {
      if (!state.proxy) throw new Error('The counting proxy starts in beforeAll');
      return state.proxy;
    },
  };
}

describe.skipIf(DB_MODE !== 'sqld')('round trips of the public lookups to the database', () => {
  const counted = countingProxy();

  it('GET /api/tracking/{n} makes one, found or not, with or without a reveal cookie', async () => {
    const lookUp = (number: string, headers: Record<string, string> = {}) =>
      counted.proxy.count(async () => {
        const { status } = await call(tracking, apiRequest(`/api/tracking/${number}`, { headers }), {
          trackingNumber: number,
        });
        expect(status).toBe(number === 'NECZZZZZZZZZ' ? 404 : 200);
      });
    expect(await lookUp(numbers[0]!)).toBe(1);
    expect(await lookUp('NECZZZZZZZZZ')).toBe(1);
    expect(await lookUp(numbers[1]!, { Cookie: `__Host-nec-reveal=${'a'.repeat(43)}` })).toBe(1);
  });

  it('POST /api/tracking/batch makes one for ten numbers', async () => {
    const requests = await counted.proxy.count(async () => {
      const { status, body } = await call(batch, apiRequest('/api/tracking/batch', { json: { numbers } }));
      expect(status).toBe(200);
      expect(body.data.filter((item: { result: string }) => item.result === 'found')).toHaveLength(10);
    });
    expect(requests).toBe(1);
  });
});

describe.skipIf(DB_MODE !== 'sqld')('round trips of the writes that read first', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });
  const counted = countingProxy();

  const staff = (path: string, init: { method?: string; json: unknown }) =>
    apiRequest(path, { ...init, headers: withSession(cookie) });

  it('a reveal makes two: the attempt with what it is checked against, then the grant with the answer', async () => {
    const seeded = buildSeedShipments()[2]!;
    const requests = await counted.proxy.count(async () => {
      const { status } = await call(
        reveal,
        apiRequest(`/api/tracking/${seeded.tracking_number}/reveal`, {
          json: { email: seeded.recipient_mail },
          headers: { 'x-nf-client-connection-ip': '192.0.2.77' },
        }),
        { trackingNumber: seeded.tracking_number },
      );
      expect(status).toBe(200);
    });
    expect(requests).toBe(2);
  });

  it('creating a shipment makes two, for a customer too: the session with the customer, then the insert', async () => {
    const fields = {
      sender_name: 'Round Trip Sender',
      recipient_name: 'Round Trip Recipient',
      recipient_address: '1 Quay Street, Lisbon, Portugal',
      origin: 'Porto, Portugal',
      destination: 'Lisbon, Portugal',
      status: 'preparing',
    };
    const page = await counted.proxy.count(async () => {
      const { status } = await call(
        addTracking,
        staff('/api/add_tracking', { json: { ...fields, customer_id: 'CUS-1001' } }),
      );
      expect(status).toBe(201);
    });
    const dialog = await counted.proxy.count(async () => {
      const { status } = await call(
        createShipment,
        staff('/api/shipments', {
          json: {
            customer: 'CUS-1002',
            origin: 'Porto, Portugal',
            destination: 'Lisbon, Portugal',
            status: 'preparing',
          },
        }),
      );
      expect(status).toBe(201);
    });
    expect({ page, dialog }).toEqual({ page: 2, dialog: 2 });
  });

  it('the shipments list makes two with a search and a filter: the session with how to search, then the page', async () => {
    const requests = await counted.proxy.count(async () => {
      const { status } = await call(
        trackings,
        apiRequest('/api/trackings?q=london&status=in_transit', { headers: withSession(cookie) }),
      );
      expect(status).toBe(200);
    });
    expect(requests).toBe(2);
  });

  it('an edit makes two, a new customer included: the session with the shipment and customer, then the write', async () => {
    const number = numbers[3]!;
    const requests = await counted.proxy.count(async () => {
      const { status } = await call(
        shipment,
        staff(`/api/shipments/${number}`, { method: 'PATCH', json: { customer: 'CUS-1003', notes: 'Counted.' } }),
        { trackingNumber: number },
      );
      expect(status).toBe(200);
    });
    expect(requests).toBe(2);
  });
});

describe.skipIf(DB_MODE !== 'sqld')('round trips of the public forms that read first', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });
  const counted = countingProxy();
  const fromAddress = { 'x-nf-client-connection-ip': '192.0.2.78' };
  /** The token the newest email of this kind to this address carries, as its link does. */
  async function mailedToken(kind: string, email: string): Promise<string> {
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT payload FROM outbox WHERE kind = ? AND recipient = ? ORDER BY id DESC LIMIT 1',
      args: [kind, email],
    });
    return JSON.parse(String(rows[0]?.payload)).token;
  }
  /** The `n`th business day from two days ahead, so no window is too close. */
  function businessDay(n: number): string {
    let date = addDays(dateIn(company.timeZone, Date.now()), 2);
    for (let found = -1; ; date = addDays(date, 1)) {
      if (isPickupDay(date) && ++found === n) return date;
    }
  }

  it('a pickup booked, then moved and cancelled from its link, make two, two and one', async () => {
    const email = 'round.trip.pickup@example.com';
    const booked = await counted.proxy.count(async () => {
      const json = {
        name: 'Round Trip',
        email,
        phone: '+1 916 555 0142',
        address: '12 Harbor Road',
        city: 'Sacramento',
        pickup_date: businessDay(0),
        pickup_window: '09-12',
        pieces: '1',
        weight_kg: '2',
      };
      expect((await call(bookPickup, apiRequest('/api/pickups', { json, headers: fromAddress }))).status).toBe(201);
    });
    const token = await mailedToken('pickup_confirmed', email);
    const moved = await counted.proxy.count(async () => {
      const json = { token, pickup_date: businessDay(1), pickup_window: '12-15' };
      expect((await call(movePickupLink, apiRequest('/api/pickup-link/move', { json }))).status).toBe(200);
    });
    const cancelled = await counted.proxy.count(async () => {
      expect((await call(cancelPickupLink, apiRequest('/api/pickup-link/cancel', { json: { token } }))).status).toBe(
        200,
      );
    });
    expect({ booked, moved, cancelled }).toEqual({ booked: 2, moved: 2, cancelled: 1 });
  });

  it('accepting a quote offer makes two: the offer with the company settings, then the booking', async () => {
    const email = 'round.trip.quote@example.com';
    const quote = await call(
      requestQuote,
      apiRequest('/api/quotes', {
        json: { name: 'Round Trip', email, service: 'Transportation', origin: 'Oslo', destination: 'Lima' },
        headers: fromAddress,
      }),
    );
    expect(quote.status).toBe(201);
    const id = String(quote.body.data.id);
    const offered = await call(
      sendOffer,
      apiRequest(`/api/quote-requests/${id}/offer`, {
        json: { amount: '120', valid_until: businessDay(3), origin: 'Oslo', destination: 'Lima' },
        headers: withSession(cookie),
      }),
      { id },
    );
    expect(offered.status).toBe(201);
    const token = await mailedToken('quote_offer', email);
    const requests = await counted.proxy.count(async () => {
      expect((await call(acceptOffer, apiRequest('/api/quote-offer/accept', { json: { token } }))).status).toBe(201);
    });
    expect(requests).toBe(2);
  });
});

describe.skipIf(DB_MODE !== 'sqld')('round trips of the calls the sign-in throttle counts', () => {
  const email = 'round.trip.staff@example.com';
  const password = 'round-trip-password-42';
  let cookie: string;
  beforeAll(async () => {
    await setAdminPassword(await getDb(), email, password, 'admin');
    cookie = await signIn({ email, password });
  });
  const counted = countingProxy();
  const post = (handler: Parameters<typeof call>[0], path: string, json: unknown, session = cookie) =>
    call(handler, apiRequest(path, { json, headers: withSession(session) }));

  it('turning two-factor on and off, the second sign-in step and a password change make two each', async () => {
    const { secret } = (await post(setupTwoFactor, '/api/account/two-factor/setup', {})).body.data;
    const code = (steps: number) =>
      TOTP.generate({
        secret: Secret.fromBase32(secret),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        timestamp: Date.now() + steps * 30_000,
      });
    let recovery: string[] = [];
    const enabled = await counted.proxy.count(async () => {
      const answer = await post(enableTwoFactor, '/api/account/two-factor/enable', { code: code(0) });
      expect(answer.status).toBe(200);
      recovery = answer.body.data.recovery_codes;
    });
    const first = await call(login, apiRequest('/api/admin/login', { json: { email, password } }));
    let session = '';
    const secondStep = await counted.proxy.count(async () => {
      const answer = await call(
        loginTwoFactor,
        apiRequest('/api/admin/login/two-factor', { json: { challenge: first.body.challenge, code: code(1) } }),
      );
      expect(answer.status).toBe(200);
      session = answer.headers.get('set-cookie')?.split(';')[0] ?? '';
    });
    const disabled = await counted.proxy.count(async () => {
      const answer = await post(
        disableTwoFactor,
        '/api/account/two-factor/disable',
        // The next step's code signed in: a recovery code, as a code of a later step is not out yet.
        { password, code: recovery[0] },
        session,
      );
      expect(answer.status).toBe(200);
    });
    const changed = await counted.proxy.count(async () => {
      const fresh = 'round-trip-password-43';
      const answer = await post(
        changePassword,
        '/api/account/password',
        { current_password: password, new_password: fresh, confirm_password: fresh },
        session,
      );
      expect(answer.status).toBe(200);
    });
    expect({ enabled, secondStep, disabled, changed }).toEqual({ enabled: 2, secondStep: 2, disabled: 2, changed: 2 });
  });
});
