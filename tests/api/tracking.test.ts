import { describe, expect, it } from 'vitest';
import tracking from '../../netlify/functions/tracking';
import { buildSeedShipments } from '../../db/seed';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!;

const lookup = (number: string, params: Record<string, string> = { trackingNumber: number }) =>
  call(tracking, apiRequest(`/api/tracking/${encodeURIComponent(number)}`), params);

describe('GET /api/tracking/{trackingNumber}', () => {
  it('answers a seeded shipment with the public fields and histories oldest first', async () => {
    const { status, body, headers } = await lookup(` ${sample.tracking_number.toLowerCase()} `);
    expect(status).toBe(200);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(body.status).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ['destination', 'histories', 'recipient_address', 'sender_name', 'status', 'tracking_number', 'weight'],
    );
    expect(body.data).toMatchObject({
      tracking_number: sample.tracking_number,
      sender_name: sample.sender_name,
      recipient_address: sample.recipient_address,
      weight: sample.weight,
      status: sample.status,
      destination: sample.destination,
    });
    expect(body.data.histories.map((h: { notes: string }) => h.notes)).toEqual(sample.histories.map((h) => h.notes));
    for (const history of body.data.histories) expect(Object.keys(history).sort()).toEqual(['created_at', 'id', 'notes', 'status']);
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
    const retry = await call(tracking, apiRequest('/api/tracking/NEC000000000.html'), {});
    expect(retry.status).toBeGreaterThanOrEqual(400);
    expect(retry.status).toBeLessThan(500);
  });
});
