import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import login from '../../netlify/functions/auth-login';
import quotes from '../../netlify/functions/quotes-create';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import trackings from '../../netlify/functions/shipments-list';
import shipment from '../../netlify/functions/shipments-read-edit';
import trackingUpdate from '../../netlify/functions/shipments-update-status';
import tracking from '../../netlify/functions/tracking-lookup';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const sample = buildSeedShipments()[0]!.tracking_number;
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const NO_CONTROL = 'Must not contain control characters';
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

describe('control characters are refused naming the field, never a 5xx', () => {
  it.each(CONTROL_CHARACTERS.map((c) => [JSON.stringify(c), c]))(
    'in the admin search (q=Lon%s don): 422 on q',
    async (_, c) => {
      const answer = await call(
        trackings,
        apiRequest(`/api/trackings?q=${encodeURIComponent(`Lon${c}don`)}`, { headers: withSession(cookie) }),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ q: [NO_CONTROL] });
    },
  );

  it('in a shipment path parameter: 422 naming it', async () => {
    const bad = `${sample.slice(0, 6)}\u0000${sample.slice(7)}`;
    const answer = await call(
      shipment,
      apiRequest(`/api/shipments/${encodeURIComponent(bad)}`, { headers: withSession(cookie) }),
      { trackingNumber: bad },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ trackingNumber: [NO_CONTROL] });
  });

  it('in the public lookup path: 422 in its own error shape, naming the parameter', async () => {
    const bad = `NEC\u0000123456789`;
    const answer = await call(tracking, apiRequest(`/api/tracking/${encodeURIComponent(bad)}`), {
      trackingNumber: bad,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      status: false,
      error: 'The trackingNumber in the address must not contain control characters',
    });
  });

  it('in free-text fields of a new shipment, a status note, a quote and a sign-in', async () => {
    const created = await call(
      addTracking,
      apiRequest('/api/add_tracking', {
        json: {
          sender_name: 'Ann\u0000ie',
          recipient_name: 'R',
          recipient_address: 'Line one\nLine two, Dijon',
          origin: 'O\u001b[31m',
          destination: 'Dijon, France',
          status: 'preparing',
          agent_notes: 'tab\there and\r\nbreaks are fine',
        },
        headers: withSession(cookie),
      }),
    );
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ sender_name: [NO_CONTROL], origin: [NO_CONTROL] });

    const note = await call(
      trackingUpdate,
      apiRequest(`/api/tracking/${sample}/update`, {
        method: 'PUT',
        json: { tracking_number: sample, status: 'on_hold', note: 'held \u0000' },
        headers: withSession(cookie),
      }),
      { trackingNumber: sample },
    );
    expect(note.status).toBe(422);
    expect(note.body.errors).toEqual({ note: [NO_CONTROL] });

    const quote = await call(
      quotes,
      apiRequest('/api/quotes', {
        json: { name: 'Quinn\u0007', email: 'quinn@example.com', service: 'Warehousing' },
        headers: { 'x-nf-client-connection-ip': '198.51.100.77' },
      }),
    );
    expect(quote.status).toBe(422);
    expect(quote.body.errors).toEqual({ name: [NO_CONTROL] });

    const signInAttempt = await call(
      login,
      apiRequest('/api/admin/login', { json: { email: 'staff\u0000@nec-cargo.example', password: 'x' } }),
    );
    expect(signInAttempt.status).toBe(422);
    expect(signInAttempt.body.errors).toEqual({ email: [NO_CONTROL] });
  });
});

describe('stored text is NFC-normalised', () => {
  it('a name typed with a combining accent is stored, and found, as the composed character', async () => {
    const decomposed = 'Cafe\u0301 Zu\u0308rich';
    const composed = 'Café Zürich';
    expect(decomposed).not.toBe(composed);
    const created = await call(
      addTracking,
      apiRequest('/api/add_tracking', {
        json: {
          sender_name: decomposed,
          recipient_name: 'R',
          recipient_address: '1 Rue A, Dijon',
          origin: decomposed,
          destination: 'Dijon, France',
          status: 'preparing',
        },
        headers: withSession(cookie),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.sender_name).toBe(composed);
    const db = await getDb();
    const { rows } = await db.execute({
      sql: 'SELECT sender_name, origin FROM shipments WHERE tracking_number = ?',
      args: [created.body.data.tracking_number],
    });
    expect({ ...rows[0] }).toEqual({ sender_name: composed, origin: composed });
    const found = await call(
      trackings,
      apiRequest(`/api/trackings?q=${encodeURIComponent('Zu\u0308rich')}`, { headers: withSession(cookie) }),
    );
    expect(found.body.data.map((row: { tracking_number: string }) => row.tracking_number)).toContain(
      created.body.data.tracking_number,
    );
  });
});
