import { describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import batch from '../../netlify/functions/tracking-batch';
import tracking from '../../netlify/functions/tracking-lookup';
import reveal from '../../netlify/functions/tracking-reveal';
import { clientNetwork } from '../../netlify/lib/rate-limit';
import { REVEAL_LIMITS } from '../../netlify/lib/tracking-reveal';
import { holdTheClock } from '../helpers/clock';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();

let nextAddress = 1;
const newAddress = () => `192.0.2.${nextAddress++}`;

const proveFor = (number: string, json: unknown, headers: Record<string, string> = {}) =>
  call(
    reveal,
    apiRequest(`/api/tracking/${number}/reveal`, {
      json,
      headers: { 'x-nf-client-connection-ip': newAddress(), ...headers },
    }),
    { trackingNumber: number },
  );

const lookUp = (number: string, cookie?: string) =>
  call(tracking, apiRequest(`/api/tracking/${number}`, { headers: cookie ? { Cookie: cookie } : {} }), {
    trackingNumber: number,
  });

/** The cookie a reveal set, as the browser sends it back. */
const cookieOf = (headers: Headers) => headers.get('set-cookie')!.split(';')[0]!;

const lastFour = (phone: string) => phone.replace(/\D/g, '').slice(-4);

describe('POST /api/tracking/{n}/reveal', () => {
  it("reveals the full address for the recipient's email (any case), for this browser session only", async () => {
    const shipment = seeded[0]!;
    const number = shipment.tracking_number;
    const { status, body, headers } = await proveFor(number, { email: ` ${shipment.recipient_mail.toUpperCase()} ` });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ recipient_address: shipment.recipient_address, address_revealed: true });
    // A session cookie: HttpOnly, no lifetime (it ends with the browser session; the server caps it at 12 hours).
    const setCookie = headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^__Host-nec-reveal=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);

    const cookie = cookieOf(headers);
    expect((await lookUp(number, cookie)).body.data).toMatchObject({
      recipient_address: shipment.recipient_address,
      address_revealed: true,
    });
    // Without the cookie, and for other shipments with it, the answer stays private.
    expect((await lookUp(number)).body.data.recipient_address).toBe(shipment.destination);
    const other = seeded[1]!;
    expect((await lookUp(other.tracking_number, cookie)).body.data.recipient_address).toBe(other.destination);
    const both = await call(
      batch,
      apiRequest('/api/tracking/batch', {
        json: { numbers: [number, other.tracking_number] },
        headers: { Cookie: cookie },
      }),
    );
    expect(both.body.data.map((item: { data: { address_revealed: boolean } }) => item.data.address_revealed)).toEqual([
      true,
      false,
    ]);
  });

  it('reveals for the last 4 digits of the phone; a second reveal joins the same browser token', async () => {
    const [first, second] = [seeded[2]!, seeded[3]!];
    const opened = await proveFor(first.tracking_number, { email: first.recipient_mail });
    const cookie = cookieOf(opened.headers);
    const again = await proveFor(
      second.tracking_number,
      { phone_last4: lastFour(second.recipient_phone!) },
      { Cookie: cookie },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
    for (const shipment of [first, second]) {
      expect((await lookUp(shipment.tracking_number, cookie)).body.data.recipient_address).toBe(
        shipment.recipient_address,
      );
    }
  });

  it('answers 422 on the field when the details do not match, and when neither or both are given', async () => {
    const shipment = seeded[4]!;
    const number = shipment.tracking_number;
    const wrongEmail = await proveFor(number, { email: 'someone.else@mail.example' });
    expect(wrongEmail.status).toBe(422);
    expect(wrongEmail.body.errors).toEqual({ email: ['This does not match the recipient of this shipment'] });
    expect(wrongEmail.headers.get('set-cookie')).toBeNull();
    const digits = lastFour(shipment.recipient_phone!);
    const wrongPhone = await proveFor(number, { phone_last4: digits === '0000' ? '0001' : '0000' });
    expect(wrongPhone.body.errors).toEqual({ phone_last4: ['This does not match the recipient of this shipment'] });
    expect((await proveFor(number, { phone_last4: '12a4' })).body.errors).toEqual({
      phone_last4: ['Must be the last 4 digits of the phone number'],
    });
    for (const json of [{}, { email: shipment.recipient_mail, phone_last4: digits }]) {
      const { status, body } = await proveFor(number, json);
      expect(status).toBe(422);
      expect(body.errors).toEqual({ email: ["Enter the recipient's email or the last 4 digits of their phone"] });
    }
  });

  it('answers 404 for an unknown or malformed number and 403 from another site', async () => {
    expect((await proveFor('NEC000000000', { email: 'a@b.example' })).status).toBe(404);
    expect((await proveFor('bogus', { email: 'a@b.example' })).status).toBe(404);
    const crossSite = apiRequest(`/api/tracking/${seeded[0]!.tracking_number}/reveal`, {
      json: { email: seeded[0]!.recipient_mail },
    });
    crossSite.headers.set('Sec-Fetch-Site', 'cross-site');
    const refused = await call(reveal, crossSite, { trackingNumber: seeded[0]!.tracking_number });
    expect(refused.status).toBe(403);
  });

  it(`stops one client guessing a shipment: ${REVEAL_LIMITS.perShipmentAndClient.limit} attempts a day, then 429 even when right`, async () => {
    holdTheClock();
    const shipment = seeded[5]!;
    const number = shipment.tracking_number;
    const digits = lastFour(shipment.recipient_phone!);
    const wrong = String((Number(digits) + 1) % 10_000).padStart(4, '0');
    const address = { 'x-nf-client-connection-ip': newAddress() };
    for (let i = 0; i < REVEAL_LIMITS.perShipmentAndClient.limit; i++) {
      expect((await proveFor(number, { phone_last4: wrong }, address)).status).toBe(422);
    }
    const refused = await proveFor(number, { phone_last4: digits }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another shipment from the same client, and the same shipment from another, are still tried.
    expect((await proveFor(seeded[6]!.tracking_number, { phone_last4: wrong }, address)).status).not.toBe(429);
    expect((await proveFor(number, { phone_last4: digits })).status).toBe(200);
  });

  it("strangers cannot spend the recipient's tries: 30 wrong guesses from elsewhere, then the recipient gets in", async () => {
    const shipment = seeded[8]!;
    const number = shipment.tracking_number;
    const digits = lastFour(shipment.recipient_phone!);
    const wrong = String((Number(digits) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < 30; i++) expect((await proveFor(number, { phone_last4: wrong })).status).toBe(422);
    const recipient = { 'x-nf-client-connection-ip': newAddress() };
    expect((await proveFor(number, { email: shipment.recipient_mail }, recipient)).status).toBe(200);
    expect((await proveFor(number, { phone_last4: digits }, recipient)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: its other addresses share its tries', async () => {
    holdTheClock();
    expect(clientNetwork('2001:DB8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(clientNetwork('2001:db8::7:0:0:0:9')).toBe('2001:db8:0:7::/64');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    const number = seeded[9]!.tracking_number;
    const limit = REVEAL_LIMITS.perShipmentAndClient.limit;
    for (let i = 1; i <= limit; i++) {
      const address = { 'x-nf-client-connection-ip': `2001:db8:0:7:${i.toString(16)}::${i}` };
      expect((await proveFor(number, { phone_last4: '0000' }, address)).status).not.toBe(429);
    }
    const sameNetwork = { 'x-nf-client-connection-ip': '2001:db8:0:7:ffff:ffff:ffff:ffff' };
    expect((await proveFor(number, { phone_last4: '0000' }, sameNetwork)).status).toBe(429);
    const otherNetwork = { 'x-nf-client-connection-ip': '2001:db8:0:8::1' };
    expect((await proveFor(number, { phone_last4: '0000' }, otherNetwork)).status).not.toBe(429);
  });

  it('stops one address trying many shipments: 20 attempts an hour', async () => {
    holdTheClock();
    const address = newAddress();
    const from = (number: string) =>
      call(
        reveal,
        apiRequest(`/api/tracking/${number}/reveal`, {
          json: { phone_last4: '0000' },
          headers: { 'x-nf-client-connection-ip': address },
        }),
        { trackingNumber: number },
      );
    for (let i = 0; i < REVEAL_LIMITS.perClient.limit; i++) {
      expect((await from(seeded[7 + (i % 20)]!.tracking_number)).status).not.toBe(429);
    }
    expect((await from(seeded[7]!.tracking_number)).status).toBe(429);
  });

  it('forgets a reveal once it expires', async () => {
    const shipment = seeded[6]!;
    const { headers } = await proveFor(shipment.tracking_number, { email: shipment.recipient_mail });
    const cookie = cookieOf(headers);
    const db = await getDb();
    await db.execute("UPDATE tracking_reveals SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 seconds')");
    expect((await lookUp(shipment.tracking_number, cookie)).body.data).toMatchObject({
      recipient_address: shipment.destination,
      address_revealed: false,
    });
  });
});
