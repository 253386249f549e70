import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import batch from '../../netlify/functions/tracking-batch';
import tracking from '../../netlify/functions/tracking-lookup';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { DB_MODE, useTestDatabase } from '../helpers/test-db';
import { committedDuring, PUBLIC_FIELDS } from '../helpers/tracking';

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

let nextAddress = 1;
/** Each test looks up from its own address, so the per-address limit of one never reaches another. */
const newAddress = () => `203.0.113.${nextAddress++}`;

const lookupBatch = (json: unknown, address = newAddress(), headers: HeadersInit = {}) =>
  call(
    batch,
    apiRequest('/api/tracking/batch', {
      json,
      headers: { 'x-nf-client-connection-ip': address, ...Object.fromEntries(new Headers(headers)) },
    }),
  );

/** Well-formed numbers that no shipment has. */
const unknownNumbers = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => `NEC${tag}${String(i).padStart(9 - tag.length, '0')}`);

describe('POST /api/tracking/batch', () => {
  it('answers one result per distinct number in the order given: found, unknown or malformed', async () => {
    const [a, b] = seeded;
    const { status, body, headers } = await lookupBatch({
      numbers: [
        ` ${a!.tracking_number.toLowerCase()} `,
        'NEC000000000',
        'NEC12',
        'NECO0000000I',
        b!.tracking_number,
        a!.tracking_number,
      ],
    });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.status).toBe('success');
    expect(body.data.map((item: { number: string; result: string }) => [item.number, item.result])).toEqual([
      [a!.tracking_number, 'found'],
      ['NEC000000000', 'unknown'],
      ['NEC12', 'malformed'],
      ['NECO0000000I', 'unknown'],
      [b!.tracking_number, 'found'],
    ]);
    expect(body.data[1].message).toBe('No shipment found with this tracking number');
    expect(body.data[2].message).toMatch(/NEC followed by 9/);
  });

  it('answers the public shape only, the same as the single lookup', async () => {
    const number = seeded[3]!.tracking_number;
    const { body } = await lookupBatch({ numbers: [number] });
    const single = await call(tracking, apiRequest(`/api/tracking/${number}`), { trackingNumber: number });
    expect(Object.keys(body.data[0].data).sort()).toEqual(PUBLIC_FIELDS);
    expect(body.data[0].data).toEqual(single.body.data);
    expect(JSON.stringify(body)).not.toMatch(/recipient_mail|recipient_phone|sender_email|customer_id|notes":\[/);
    expect(body.data[0].data.recipient_address).toBe(seeded[3]!.destination);
  });

  it('takes 1 to 10 numbers, and answers 422 on numbers otherwise', async () => {
    for (const numbers of [[], unknownNumbers(11, 'A'), 'NEC000000000', [42], undefined]) {
      const { status, body } = await lookupBatch(numbers === undefined ? {} : { numbers });
      expect(status).toBe(422);
      expect(Object.keys(body.errors)[0]).toMatch(/^numbers/);
    }
    expect((await lookupBatch({ numbers: unknownNumbers(10, 'B') })).status).toBe(200);
  });

  it('is answered the same when it reaches the single lookup (netlify serve ignores excludedPath)', async () => {
    const json = { numbers: [seeded[0]!.tracking_number, 'NEC12'] };
    const viaLookup = await call(tracking, apiRequest('/api/tracking/batch', { json }), { trackingNumber: 'batch' });
    expect(viaLookup.status).toBe(200);
    expect(viaLookup.body).toEqual((await lookupBatch(json)).body);
  });

  it('answers 415 without JSON and 405 for another method', async () => {
    const plain = await call(
      batch,
      apiRequest('/api/tracking/batch', { method: 'POST', body: '{}', headers: { 'Content-Type': 'text/plain' } }),
    );
    expect(plain.status).toBe(415);
    const get = await call(batch, apiRequest('/api/tracking/batch'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('counts each well-formed number against the address limit of 60 lookups a minute, shared with the single lookup', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-02-01T10:00:01Z') });
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await lookupBatch({ numbers: unknownNumbers(10, `C${i}`) }, address)).status).toBe(200);
    }
    // Malformed numbers read nothing and cost nothing.
    expect((await lookupBatch({ numbers: ['NEC1', 'XYZ'] }, address)).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      const single = await call(
        tracking,
        apiRequest(`/api/tracking/${seeded[0]!.tracking_number}`, {
          headers: { 'x-nf-client-connection-ip': address },
        }),
        { trackingNumber: seeded[0]!.tracking_number },
      );
      expect(single.status).toBe(200);
    }
    // 59 counted: a batch of two would pass the limit.
    const limited = await lookupBatch({ numbers: unknownNumbers(2, 'D') }, address);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 'error', message: 'Too many requests. Please try again in 59 seconds.' });
    expect(limited.headers.get('retry-after')).toBe('59');
    expect((await lookupBatch({ numbers: unknownNumbers(2, 'D') }, newAddress())).status).toBe(200);
  });

  it('places the route by the gazetteer: the country when the city is unknown, nothing when neither is', async () => {
    const created = await call(
      addTracking,
      apiRequest('/api/add_tracking', {
        json: {
          sender_name: 'Ada Lovelace',
          recipient_name: 'R',
          recipient_address: '1 Jirón de la Unión, Lima',
          origin: 'Madrid, Spain',
          destination: 'Lima, Peru',
          current_location: 'Valencia, Spain',
          status: 'in_transit',
        },
        headers: withSession(cookie),
      }),
    );
    const { body } = await lookupBatch({ numbers: [created.body.data.tracking_number] });
    expect(body.data[0].data.route).toEqual({
      origin: { name: 'Madrid, Spain', latitude: expect.any(Number), longitude: expect.any(Number) },
      destination: null,
      current: { name: 'Spain', latitude: expect.any(Number), longitude: expect.any(Number) },
    });
  });
});

describe.skipIf(DB_MODE !== 'file')('the public lookups only read', () => {
  it('100 lookups, single and batched, found, unknown and refused, commit nothing to the database', async () => {
    const db = await getDb();
    // The observer does see a commit: this is what a write on the lookup path would look like.
    const write = () => db.execute("INSERT INTO rate_limits (key, window_start, count) VALUES ('probe', 0, 1)");
    expect(await committedDuring(async () => void (await write()))).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-02-01T11:00:01Z') });
    const numbers = seeded.slice(0, 10).map((shipment) => shipment.tracking_number);
    const address = newAddress();
    const statuses = new Set<number>();
    const committed = await committedDuring(async () => {
      for (let i = 0; i < 90; i++) {
        const number = i % 3 === 0 ? 'NEC000000000' : numbers[i % 10]!;
        const single = await call(
          tracking,
          apiRequest(`/api/tracking/${number}`, { headers: { 'x-nf-client-connection-ip': address } }),
          { trackingNumber: number },
        );
        statuses.add(single.status);
      }
      for (let i = 0; i < 10; i++) statuses.add((await lookupBatch({ numbers }, address)).status);
    });
    expect(committed).toBe(false);
    // Found, unknown, and the limit's refusals (60 a minute from one address) were all among them.
    expect([...statuses].sort()).toEqual([200, 404, 429]);
  });
});
