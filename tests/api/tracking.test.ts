import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import tracking from '../../netlify/functions/tracking-lookup';
import { MEMORY_KEYS_PER_WINDOW, takeFromWindow } from '../../netlify/lib/rate-limit';
import { shortenSenderName, TRACKING_RATE_LIMIT } from '../../netlify/lib/tracking';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';
import { PUBLIC_FIELDS } from '../helpers/tracking';

useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!;

const lookup = (number: string, params: Record<string, string> = { trackingNumber: number }) =>
  call(tracking, apiRequest(`/api/tracking/${encodeURIComponent(number)}`), params);

describe('GET /api/tracking/{trackingNumber}', () => {
  it('answers a seeded shipment with the public fields, private by default, and histories oldest first', async () => {
    const { status, body, headers } = await lookup(` ${sample.tracking_number.toLowerCase()} `);
    expect(status).toBe(200);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(body.status).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(PUBLIC_FIELDS);
    const [first, last] = sample.sender_name.split(' ');
    expect(body.data).toMatchObject({
      tracking_number: sample.tracking_number,
      // First name and initial; the recipient's city and country, not the street.
      sender_name: `${first} ${last![0]}.`,
      recipient_address: sample.destination,
      address_revealed: false,
      can_reveal: true,
      weight: sample.weight,
      // One piece, delivered with the shipment.
      pieces: { total: 1, delivered: sample.status === 'delivered' ? 1 : 0 },
      status: sample.status,
      destination: sample.destination,
      origin: sample.origin,
      current_location: sample.current_location,
      // Seed times are relative to when the seed ran.
      estimated_delivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      arrival_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(JSON.stringify(body)).not.toContain(sample.recipient_address);
    expect(JSON.stringify(body)).not.toContain(sample.sender_name);
    expect(body.data.histories.map((h: { notes: string }) => h.notes)).toEqual(sample.histories.map((h) => h.notes));
    for (const history of body.data.histories)
      expect(Object.keys(history).sort()).toEqual([
        'created_at',
        'expected_arrival',
        'id',
        'location_city',
        'location_country',
        'notes',
        'reason',
        'status',
      ]);
    expect(body.data.histories[0]).toMatchObject({
      location_city: sample.origin.split(', ')[0],
      location_country: sample.origin.split(', ')[1],
    });
  });

  it('gives the route map coordinates from the gazetteer, the country when the city is unknown, else none', async () => {
    const { body } = await lookup(sample.tracking_number);
    expect(body.data.route.origin).toEqual({
      name: sample.origin,
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(body.data.route.destination.name).toBe(sample.destination);
    expect(body.data.route.current.name).toBe(sample.current_location);
  });

  it('shortens people to first name and initial, and keeps company names whole', () => {
    expect(shortenSenderName('Liam O’Connor', false)).toBe('Liam O.');
    expect(shortenSenderName('Marcus van der Berg', false)).toBe('Marcus B.');
    expect(shortenSenderName('Cher', false)).toBe('Cher');
    expect(shortenSenderName('Redwood Furniture Co.', true)).toBe('Redwood Furniture Co.');
    expect(shortenSenderName('Acme Trading Ltd', false)).toBe('Acme Trading Ltd');
  });

  it('answers 404 for an unknown number', async () => {
    const { status, body } = await lookup('NEC000000000');
    expect(status).toBe(404);
    expect(body).toEqual({ status: false, error: 'No shipment found with this tracking number' });
  });

  it('answers 400 with the reason for a malformed number', async () => {
    const { status, body } = await lookup('NEC12');
    expect(status).toBe(400);
    expect(body.status).toBe(false);
    expect(body.error).toMatch(/NEC followed by 9/);
  });

  it('answers 404, not a crash, when the path parameter is missing (netlify dev retries)', async () => {
    const response = await call(tracking, apiRequest('/api/tracking/'), {});
    expect(response.status).toBe(404);
    for (const suffix of ['.html', '.htm', '/index.html']) {
      const retry = await call(tracking, apiRequest(`/api/tracking/NEC000000000${suffix}`), {});
      expect(retry.status).toBe(404);
      expect(retry.body).toEqual({ status: false, error: 'No shipment found with this tracking number' });
    }
  });
});

describe('GET /api/tracking/{trackingNumber} signed in', () => {
  it('answers the same public fields to an admin session (staff read GET /api/shipments/{n})', async () => {
    const cookie = await signIn();
    const { status, body } = await call(
      tracking,
      apiRequest(`/api/tracking/${sample.tracking_number}`, { headers: withSession(cookie) }),
      { trackingNumber: sample.tracking_number },
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(PUBLIC_FIELDS);
    expect(body.data.address_revealed).toBe(false);
  });
});

describe('tracking rate limit', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  // The windows live in the module's memory, which the file's tests share: each test counts in an hour of its own.
  const from = (address: string, handler = tracking) =>
    call(
      handler,
      apiRequest(`/api/tracking/${sample.tracking_number}`, { headers: { 'x-nf-client-connection-ip': address } }),
      { trackingNumber: sample.tracking_number },
    );

  it('answers 429 with Retry-After after 60 lookups a minute from one address, counting per address', async () => {
    // Early in a window, so the 61 calls cannot straddle two.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T10:00:01Z') });
    for (let i = 0; i < 60; i++) expect((await from('198.51.100.7')).status).toBe(200);
    const limited = await from('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: false, error: 'Too many requests. Please try again in 59 seconds.' });
    expect(limited.headers.get('retry-after')).toBe('59');
    expect((await from('198.51.100.8')).status).toBe(200);
    // The next window starts from zero.
    vi.setSystemTime(new Date('2031-01-01T10:01:00Z'));
    expect((await from('198.51.100.7')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network: its other addresses share the count, another network does not', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T14:00:01Z') });
    for (let i = 0; i < 60; i++) expect((await from(`2001:db8:0:9:${i.toString(16)}::1`)).status).toBe(200);
    expect((await from('2001:db8:0:9:ffff::2')).status).toBe(429);
    expect((await from('2001:db8:0:a::1')).status).toBe(200);
  });

  it('keeps counting across fresh module instances, as netlify dev runs each call in a fresh worker', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T11:00:01Z') });
    // netlify dev and serve say so; there the counts go to files, since memory is gone by the next call
    // (beside a file database; for a remote one, in a folder of this test's own).
    vi.stubEnv('NETLIFY_DEV', 'true');
    const counts = await mkdtemp(join(tmpdir(), 'courier-limits-'));
    vi.stubEnv('RATE_LIMIT_DIR', counts);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      vi.resetModules();
      const fresh = await import('../../netlify/functions/tracking-lookup');
      const { closeDb } = await import('../../netlify/lib/db');
      statuses.push((await from('198.51.100.9', fresh.default)).status);
      await closeDb();
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    await rm(counts, { recursive: true, force: true });
  });

  it('counts in memory where calls share a process, as a warm function instance: fresh modules start again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T12:00:01Z') });
    for (let i = 0; i < 60; i++) expect((await from('198.51.100.10')).status).toBe(200);
    expect((await from('198.51.100.10')).status).toBe(429);
    // Nothing was kept outside this module: a fresh instance of it has no count (the platform's limit,
    // config.rateLimit, is what bounds an address across instances).
    vi.resetModules();
    const fresh = await import('../../netlify/functions/tracking-lookup');
    const { closeDb } = await import('../../netlify/lib/db');
    expect((await from('198.51.100.10', fresh.default)).status).toBe(200);
    await closeDb();
  });

  it('bounds the addresses a window keeps in memory: past the cap, new addresses share one count', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T13:00:01Z') });
    expect((await from('198.51.100.11')).status).toBe(200);
    // Addresses rotating within one minute fill the window's map up to its cap...
    for (let i = 1; i < MEMORY_KEYS_PER_WINDOW; i++) takeFromWindow(TRACKING_RATE_LIMIT, `flood-${i}`);
    // ...after which every new address draws on one shared count, so rotating gets no further.
    const fresh = (i: number) => `203.0.113.${i % 250}-${i}`;
    for (let i = 0; i < TRACKING_RATE_LIMIT.limit; i++) expect((await from(fresh(i))).status).toBe(200);
    const refused = await from(fresh(TRACKING_RATE_LIMIT.limit));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('59');
    // An address counted before the cap keeps its own count.
    expect((await from('198.51.100.11')).status).toBe(200);
    // The next window starts empty.
    vi.setSystemTime(new Date('2031-01-01T13:01:00Z'));
    expect((await from(fresh(1000))).status).toBe(200);
  });

  it('answers 405 with Allow for unsafe methods', async () => {
    const { status, headers, body } = await call(
      tracking,
      apiRequest(`/api/tracking/${sample.tracking_number}`, { method: 'POST', json: {} }),
      { trackingNumber: sample.tracking_number },
    );
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD');
    expect(body).toEqual({ status: false, error: 'Method not allowed' });
  });
});
