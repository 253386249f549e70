import { describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import tracking from '../../netlify/functions/tracking';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!;

const lookup = (number: string, params: Record<string, string> = { trackingNumber: number }) =>
  call(tracking, apiRequest(`/api/tracking/${encodeURIComponent(number)}`), params);

describe('GET /api/tracking/{trackingNumber}', () => {
  it('answers a seeded shipment with the public fields and histories oldest first', async () => {
    const { status, body, headers } = await lookup(` ${sample.tracking_number.toLowerCase()} `);
    expect(status).toBe(200);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('private, max-age=5');
    expect(body.status).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual([
      'destination',
      'histories',
      'recipient_address',
      'sender_name',
      'status',
      'tracking_number',
      'weight',
    ]);
    expect(body.data).toMatchObject({
      tracking_number: sample.tracking_number,
      sender_name: sample.sender_name,
      recipient_address: sample.recipient_address,
      weight: sample.weight,
      status: sample.status,
      destination: sample.destination,
    });
    expect(body.data.histories.map((h: { notes: string }) => h.notes)).toEqual(sample.histories.map((h) => h.notes));
    for (const history of body.data.histories)
      expect(Object.keys(history).sort()).toEqual(['created_at', 'id', 'notes', 'status']);
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
    expect(Object.keys(body.data)).not.toContain('sender_email');
    expect(Object.keys(body.data)).toHaveLength(7);
  });
});

describe('tracking rate limit', () => {
  it('answers 429 with Retry-After after 60 lookups a minute from one address, counting per address', async () => {
    const from = (address: string) =>
      call(
        tracking,
        apiRequest(`/api/tracking/${sample.tracking_number}`, { headers: { 'x-nf-client-connection-ip': address } }),
        { trackingNumber: sample.tracking_number },
      );
    const db = await getDb();
    // Start at the beginning of a fresh window so the 60 calls cannot straddle two windows.
    await db.execute("DELETE FROM rate_limits WHERE key LIKE 'tracking:198.51.100.%'");
    for (let i = 0; i < 60; i++) expect((await from('198.51.100.7')).status).toBe(200);
    const limited = await from('198.51.100.7');
    if (limited.status === 200) {
      // The minute turned during the loop: the new window counts from zero, so fill it again.
      for (let i = 0; i < 59; i++) await from('198.51.100.7');
      expect((await from('198.51.100.7')).status).toBe(429);
    } else {
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ status: false, error: expect.stringMatching(/^Too many requests/) });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await from('198.51.100.8')).status).toBe(200);
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
