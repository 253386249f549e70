import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import scans from '../../netlify/functions/scans-create';
import tracking from '../../netlify/functions/tracking-lookup';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

/** A failed attempt or an exception says why, from the fixed list; the reason stays on its history entry. */

const getDb = useTestDatabase({ seed: true });
const seeded = buildSeedShipments();
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const scan = (events: unknown[]) =>
  call(scans, apiRequest('/api/scans', { json: { events }, headers: withSession(cookie) }));
const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('scans with a reason', () => {
  it('refuses a failed attempt without a reason, a reason on another status, and other without a note', async () => {
    const number = seeded[5]!.tracking_number;
    const before = (await (await getDb()).execute('SELECT count(*) AS n FROM shipment_histories')).rows[0]!.n;
    const cases = [
      [{ status: 'delivery_failed' }, 'events.0.reason', 'Delivery Attempt Failed needs a reason'],
      [{ status: 'exception', reason: 'aliens' }, 'events.0.reason', 'Must be one of'],
      [
        { status: 'in_transit', reason: 'weather' },
        'events.0.reason',
        'A reason goes only with a failed delivery attempt or an exception',
      ],
      [{ status: 'exception', reason: 'other' }, 'events.0.note', 'Say what happened in the note'],
    ] as const;
    for (const [fields, field, message] of cases) {
      const answer = await scan([
        { event_id: `r-${field}-${message}`, tracking_number: number, scanned_at: soon(1), ...fields },
      ]);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field].join(' ')).toContain(message);
    }
    const after = (await (await getDb()).execute('SELECT count(*) AS n FROM shipment_histories')).rows[0]!.n;
    expect(after).toBe(before);
  });

  it('stores the reason on the entry, and the public answer carries it', async () => {
    const number = seeded[6]!.tracking_number;
    const answer = await scan([
      {
        event_id: 'reason-1',
        tracking_number: number,
        status: 'delivery_failed',
        reason: 'recipient_not_home',
        scanned_at: soon(2),
      },
      {
        event_id: 'reason-2',
        tracking_number: number,
        status: 'exception',
        reason: 'other',
        note: 'Parcel wet from the rain',
        scanned_at: soon(3),
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.meta.applied).toBe(2);
    const looked = await call(tracking, apiRequest(`/api/tracking/${number}`), { trackingNumber: number });
    expect(looked.status).toBe(200);
    expect(looked.body.data.status).toBe('exception');
    expect(looked.body.data.histories.slice(-2)).toMatchObject([
      { status: 'delivery_failed', reason: 'recipient_not_home' },
      { status: 'exception', reason: 'other', notes: 'Parcel wet from the rain' },
    ]);
  });
});
