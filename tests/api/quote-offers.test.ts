import { beforeAll, describe, expect, it } from 'vitest';
import customers from '../../netlify/functions/customers-list-create';
import acceptOffer from '../../netlify/functions/quote-offer-accept';
import readOffer from '../../netlify/functions/quote-offer-read';
import sendOffer from '../../netlify/functions/quote-offers-send';
import quoteRequests from '../../netlify/functions/quote-requests-list';
import quotes from '../../netlify/functions/quotes-create';
import settingsNotifications from '../../netlify/functions/settings-notifications-read-save';
import { RECIPIENT_TO_CONFIRM } from '../../netlify/lib/quote-bookings';
import { company } from '../../src/data/company';
import { addDays, dateIn } from '../../src/lib/company-day';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

/** The company's today: no time zone saved, so its headquarters'. */
const today = () => dateIn(company.timeZone, Date.now());
let nextAddress = 1;

async function requestQuote(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { status, body } = await call(
    quotes,
    apiRequest('/api/quotes', {
      json: {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
        service: 'Transportation',
        origin: 'Oslo, Norway',
        destination: 'Lima, Peru',
        weight_kg: 42.5,
        ...extra,
      },
      headers: { 'x-nf-client-connection-ip': `203.0.113.${nextAddress++}` },
    }),
  );
  expect(status).toBe(201);
  return body.data.id;
}

const offer = (id: number, json: Record<string, unknown> = {}) =>
  call(
    sendOffer,
    apiRequest(`/api/quote-requests/${id}/offer`, {
      json: { amount: '1250.50', valid_until: addDays(today(), 14), origin: 'Oslo', destination: 'Lima', ...json },
      headers: withSession(cookie),
    }),
    { id: String(id) },
  );
const read = (token: string) => call(readOffer, apiRequest('/api/quote-offer', { json: { token } }));
const accept = (token: string) => call(acceptOffer, apiRequest('/api/quote-offer/accept', { json: { token } }));

async function rows(sql: string, args: Array<string | number> = []) {
  const result = await (await getDb()).execute({ sql, args });
  return result.rows.map((row) => ({ ...row }));
}
const mails = (kind: string, recipient: string) =>
  rows('SELECT audience, recipient, payload FROM outbox WHERE kind = ? AND recipient = ? ORDER BY id', [
    kind,
    recipient,
  ]);
/** The token the newest offer email to this address carries, as its link does. */
async function offerToken(email: string): Promise<string> {
  const sent = await mails('quote_offer', email);
  if (!sent.length) throw new Error(`No offer email to ${email}`);
  return JSON.parse(String(sent.at(-1)?.payload)).token;
}
const quoteRow = async (id: number) =>
  (
    await call(quoteRequests, apiRequest('/api/quote-requests?limit=100', { headers: withSession(cookie) }))
  ).body.data.find((row: { id: number }) => row.id === id);
const count = async (sql: string, args: Array<string | number> = []) =>
  Number(Object.values((await rows(sql, args))[0]!)[0]);

async function setQuoteNotice(on: boolean) {
  const { status } = await call(
    settingsNotifications,
    apiRequest('/api/settings/notifications', {
      method: 'PUT',
      json: {
        new_shipment: true,
        status_updates: true,
        new_customer: false,
        daily_summary: true,
        new_quote_request: on,
      },
      headers: withSession(cookie),
    }),
  );
  expect(status).toBe(200);
}

describe('a quote request arriving', () => {
  it('acknowledges the requester and tells staff as the "New Quote Request" switch says', async () => {
    const id = await requestQuote('Ada Arrival');
    const ack = await mails('quote_received', 'ada.arrival@example.com');
    expect(ack).toHaveLength(1);
    expect(ack[0]).toMatchObject({ audience: 'customer' });
    expect(JSON.parse(String(ack[0]!.payload))).toMatchObject({ id, name: 'Ada Arrival', service: 'Transportation' });
    const notices = await rows("SELECT recipient, payload FROM outbox WHERE kind = 'new_quote_request'");
    expect(notices.filter((row) => JSON.parse(String(row.payload)).id === id)).toEqual([
      expect.objectContaining({ recipient: company.emails.support }),
    ]);

    await setQuoteNotice(false);
    const quiet = await requestQuote('Bo Quiet');
    expect(await mails('quote_received', 'bo.quiet@example.com')).toHaveLength(1);
    const after = await rows("SELECT payload FROM outbox WHERE kind = 'new_quote_request'");
    expect(after.some((row) => JSON.parse(String(row.payload)).id === quiet)).toBe(false);
    await setQuoteNotice(true);
  });
});

describe('replying with a price', () => {
  it('stores the offer, emails a hashed single-use link and moves the request to contacted', async () => {
    const id = await requestQuote('Cy Contacted');
    const sent = await offer(id, { message: 'Door to door, customs included.' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      id,
      status: 'contacted',
      offer: { amount_cents: 125050, currency: 'USD', valid_until: addDays(today(), 14), state: 'open' },
    });
    const token = await offerToken('cy.contacted@example.com');
    expect(JSON.stringify(await rows('SELECT * FROM quote_offers WHERE quote_request_id = ?', [id]))).not.toContain(
      token,
    );
    expect(
      await rows("SELECT actor_email FROM activity_log WHERE action = 'quote_offer_sent' AND subject_id = ?", [
        String(id),
      ]),
    ).toEqual([{ actor_email: TEST_ADMIN.email }]);
    const shown = await read(token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      name: 'Cy Contacted',
      service: 'Transportation',
      origin: 'Oslo',
      destination: 'Lima',
      weight_kg: 42.5,
      amount_cents: 125050,
      message: 'Door to door, customs included.',
    });
    // The end of the last day in the company's time zone, not UTC's.
    const end = new Date(shown.body.data.expires_at).getTime();
    expect(dateIn(company.timeZone, end - 1)).toBe(addDays(today(), 14));
    expect(dateIn(company.timeZone, end)).toBe(addDays(today(), 15));
    expect((await quoteRow(id)).offer).toMatchObject({ state: 'open', amount_cents: 125050 });
  });

  it('answers 422 naming the field for a bad price, day or route, and stores nothing', async () => {
    const id = await requestQuote('Di Invalid');
    for (const [json, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 'a lot' }, 'amount'],
      [{ amount: '12.345' }, 'amount'],
      [{ valid_until: addDays(today(), -1) }, 'valid_until'],
      [{ valid_until: addDays(today(), 91) }, 'valid_until'],
      [{ valid_until: '2026-02-30' }, 'valid_until'],
      [{ origin: '' }, 'origin'],
      [{ destination: ' ' }, 'destination'],
    ] as const) {
      const { status, body } = await offer(id, json);
      expect(status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(body.errors)).toEqual([field]);
    }
    expect((await offer(id, { valid_until: addDays(today(), 90) })).status).toBe(201);
    expect(await count('SELECT count(*) FROM quote_offers WHERE quote_request_id = ?', [id])).toBe(1);
    expect((await offer(999_999)).status).toBe(404);
  });

  it('replaces the earlier offer: its link says so and books nothing', async () => {
    const id = await requestQuote('Ed Replaced');
    await offer(id, { amount: 100 });
    const first = await offerToken('ed.replaced@example.com');
    const second = await offer(id, { amount: 90 });
    expect(second.body.data.offer).toMatchObject({ amount_cents: 9000, state: 'open' });
    const latest = await offerToken('ed.replaced@example.com');
    expect(latest).not.toBe(first);
    expect(await read(first)).toMatchObject({ status: 410, body: { message: expect.stringMatching(/replaced/) } });
    expect(await accept(first)).toMatchObject({ status: 410, body: { message: expect.stringMatching(/replaced/) } });
    expect((await read(latest)).body.data.amount_cents).toBe(9000);
    expect(await count('SELECT count(*) FROM shipments WHERE sender_email = ?', ['ed.replaced@example.com'])).toBe(0);
  });
});

describe('accepting an offer', () => {
  it('books a shipment and a customer from the request, wins it, and works once', async () => {
    const id = await requestQuote('Flo Booker', { phone: '+47 22 33 44 55' });
    await offer(id);
    const token = await offerToken('flo.booker@example.com');
    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    const number = accepted.body.data.tracking_number as string;
    const [shipment] = await rows('SELECT * FROM shipments WHERE tracking_number = ?', [number]);
    expect(shipment).toMatchObject({
      status: 'preparing',
      sender_name: 'Flo Booker',
      sender_email: 'flo.booker@example.com',
      sender_phone: '+47 22 33 44 55',
      recipient_name: RECIPIENT_TO_CONFIRM,
      recipient_address: 'Lima',
      origin: 'Oslo',
      destination: 'Lima',
      weight: 42.5,
    });
    const [customer] = await rows('SELECT id, name, email FROM customers WHERE email = ?', ['flo.booker@example.com']);
    expect(customer).toMatchObject({ name: 'Flo Booker' });
    expect(shipment!.customer_id).toBe(customer!.id);
    const row = await quoteRow(id);
    expect(row).toMatchObject({ status: 'won', customer_id: customer!.id });
    expect(row.offer).toMatchObject({ state: 'accepted', tracking_number: number, accepted_at: expect.any(String) });
    expect(await rows('SELECT accepted_by_email FROM quote_offers WHERE tracking_number = ?', [number])).toEqual([
      { accepted_by_email: 'flo.booker@example.com' },
    ]);
    expect(
      await rows('SELECT action, actor_email FROM activity_log WHERE actor_email = ? AND user_id IS NULL ORDER BY id', [
        'flo.booker@example.com',
      ]),
    ).toEqual([
      { action: 'quote_received', actor_email: 'flo.booker@example.com' },
      { action: 'customer_created', actor_email: 'flo.booker@example.com' },
      { action: 'shipment_created', actor_email: 'flo.booker@example.com' },
      { action: 'quote_accepted', actor_email: 'flo.booker@example.com' },
    ]);

    const again = await accept(token);
    expect(again).toMatchObject({ status: 410, body: { message: expect.stringContaining(number) } });
    expect((await read(token)).status).toBe(410);
    expect(await offer(id)).toMatchObject({ status: 409 });
    expect(await count('SELECT count(*) FROM shipments WHERE sender_email = ?', ['flo.booker@example.com'])).toBe(1);
  });

  it('links the customer who has the email already, without a duplicate', async () => {
    const made = await call(
      customers,
      apiRequest('/api/customers', {
        json: { name: 'Gil Known Ltd', email: 'GIL.KNOWN@example.com' },
        headers: withSession(cookie),
      }),
    );
    expect(made.status).toBe(201);
    const id = await requestQuote('Gil Known');
    await offer(id);
    const number = (await accept(await offerToken('gil.known@example.com'))).body.data.tracking_number;
    expect(await count("SELECT count(*) FROM customers WHERE lower(email) = 'gil.known@example.com'")).toBe(1);
    expect(await rows('SELECT customer_id FROM shipments WHERE tracking_number = ?', [number])).toEqual([
      { customer_id: made.body.data.id },
    ]);
    expect((await quoteRow(id)).customer_id).toBe(made.body.data.id);
    expect(
      await count(
        "SELECT count(*) FROM activity_log WHERE action = 'customer_created' AND user_id IS NULL AND actor_email = 'gil.known@example.com'",
      ),
    ).toBe(0);
  });

  it('refuses forged and expired links with words and books nothing', async () => {
    expect(await read('forged-token-never-sent')).toMatchObject({ status: 404 });
    expect(await accept('forged-token-never-sent')).toMatchObject({ status: 404 });
    expect(await accept('')).toMatchObject({ status: 422, body: { errors: { token: [expect.any(String)] } } });
    const id = await requestQuote('Hal Late');
    await offer(id);
    await (await getDb()).execute({
      sql: "UPDATE quote_offers SET expires_at = '2020-01-01T08:00:00.000Z' WHERE quote_request_id = ?",
      args: [id],
    });
    const token = await offerToken('hal.late@example.com');
    expect(await read(token)).toMatchObject({ status: 410, body: { message: expect.stringMatching(/expired/) } });
    expect(await accept(token)).toMatchObject({ status: 410, body: { message: expect.stringMatching(/expired/) } });
    expect(await count("SELECT count(*) FROM shipments WHERE sender_email = 'hal.late@example.com'")).toBe(0);
    expect(await count("SELECT count(*) FROM customers WHERE email = 'hal.late@example.com'")).toBe(0);
    expect((await quoteRow(id)).status).toBe('contacted');
  });

  it('books one shipment and one customer when the link is accepted 20 times at once', async () => {
    const id = await requestQuote('Ivy Racer');
    await offer(id);
    const token = await offerToken('ivy.racer@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => accept(token)));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 410)).toBe(true);
    expect(await count("SELECT count(*) FROM shipments WHERE sender_email = 'ivy.racer@example.com'")).toBe(1);
    expect(await count("SELECT count(*) FROM customers WHERE email = 'ivy.racer@example.com'")).toBe(1);
    expect(
      await count("SELECT count(*) FROM activity_log WHERE action = 'quote_accepted' AND subject_id = ?", [String(id)]),
    ).toBe(1);
  });
});
