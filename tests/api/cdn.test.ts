import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import customer from '../../netlify/functions/customers-read-update';
import places from '../../netlify/functions/places-list-create';
import place from '../../netlify/functions/places-update-delete';
import scans from '../../netlify/functions/scans-create';
import shipment from '../../netlify/functions/shipments-read-edit';
import trackingUpdateLocation from '../../netlify/functions/shipments-update-location';
import trackingUpdate from '../../netlify/functions/shipments-update-status';
import batch from '../../netlify/functions/tracking-batch';
import tracking from '../../netlify/functions/tracking-lookup';
import reveal from '../../netlify/functions/tracking-reveal';
import type { FunctionContext } from '../../netlify/lib/http';
import { signIn, withSession } from '../helpers/admin-session';
import { startPurgeRecorder } from '../helpers/purge-recorder';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const [first, second, third, fourth] = buildSeedShipments().map((shipment) => shipment.tracking_number);

/** What the recorder notes as each purge arrives: the watched shipment's status in the database then. */
let watched = first!;
const recorder = await startPurgeRecorder(async () => {
  const { rows } = await (await getDb()).execute({
    sql: 'SELECT status FROM shipments WHERE tracking_number = ?',
    args: [watched],
  });
  return rows[0]?.status;
});
const PURGE_ENV = { NETLIFY_PURGE_API_TOKEN: 'purge-token', SITE_ID: 'site-1', NETLIFY_API_URL: recorder.url };

let cookie: string;
let deviceKey: string;
beforeAll(async () => {
  Object.assign(process.env, PURGE_ENV);
  cookie = await signIn();
  const created = await call(
    apiKeys,
    apiRequest('/api/api-keys', { json: { name: 'CDN scanner' }, headers: withSession(cookie) }),
  );
  deviceKey = created.body.data.key;
});
afterAll(async () => {
  for (const name of Object.keys(PURGE_ENV)) delete process.env[name];
  await recorder.stop();
});

const lookUp = (number: string, headers: Record<string, string> = {}) =>
  call(tracking, apiRequest(`/api/tracking/${number}`, { headers }), { trackingNumber: number });

/** The tags of the purges a write made (each call of the purge API in order). */
async function purgedBy(write: () => Promise<{ status: number }>, expected = 200): Promise<string[][]> {
  const before = recorder.purges.length;
  expect((await write()).status).toBe(expected);
  return recorder.purges.slice(before).map((purge) => purge.body.cache_tags ?? []);
}

const staff = (json: unknown, method = 'PUT') => ({ json, method, headers: withSession(cookie) });

describe("the CDN keeps the public lookup's answers", () => {
  it('marks a lookup durable at the CDN for a short time with stale-while-revalidate, tagged with its number', async () => {
    const { headers } = await lookUp(first!);
    const cdn = headers.get('netlify-cdn-cache-control') ?? '';
    expect(cdn).toMatch(/\bpublic\b/);
    expect(cdn).toMatch(/\bdurable\b/);
    expect(Number(/\bmax-age=(\d+)/.exec(cdn)?.[1])).toBeGreaterThan(0);
    expect(Number(/\bmax-age=(\d+)/.exec(cdn)?.[1])).toBeLessThanOrEqual(300);
    expect(Number(/\bstale-while-revalidate=(\d+)/.exec(cdn)?.[1])).toBeGreaterThan(0);
    expect(headers.get('netlify-cache-tag')?.split(',')).toContain(`tracking-${first}`);
    // Browsers ask again each time (the CDN answers), and the reveal cookie keeps revealing browsers apart.
    expect(headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(headers.get('netlify-vary')).toBe('cookie=__Host-nec-reveal');
  });

  it('keeps a revealed answer private: never stored, by the CDN or the browser', async () => {
    const { rows } = await (await getDb()).execute({
      sql: 'SELECT recipient_mail FROM shipments WHERE tracking_number = ?',
      args: [second!],
    });
    const revealed = await call(
      reveal,
      apiRequest(`/api/tracking/${second}/reveal`, { json: { email: rows[0]!.recipient_mail } }),
      { trackingNumber: second! },
    );
    const revealCookie = revealed.headers.get('set-cookie')!.split(';')[0]!;
    const { body, headers } = await lookUp(second!, { Cookie: revealCookie });
    expect(body.data.address_revealed).toBe(true);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(headers.get('netlify-cache-tag')).toBeNull();
    expect(headers.get('netlify-vary')).toBe('cookie=__Host-nec-reveal');
  });

  it('never stores a refusal, the batch (a POST), or a staff or device answer', async () => {
    const answers = [
      await lookUp('NECZZZZZZZZZ'),
      await call(batch, apiRequest('/api/tracking/batch', { json: { numbers: [first] } })),
      await call(shipment, apiRequest(`/api/shipments/${first}`, { headers: withSession(cookie) }), {
        trackingNumber: first!,
      }),
      await call(
        trackingUpdate,
        apiRequest(`/api/tracking/${fourth}/update`, {
          method: 'PUT',
          json: { tracking_number: fourth, status: 'on_hold', note: 'From a device' },
          headers: { Authorization: `Bearer ${deviceKey}` },
        }),
        { trackingNumber: fourth! },
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 200, 200, 200]);
    for (const { headers } of answers) {
      expect(headers.get('cache-control')).toBe('no-store');
      expect(headers.get('netlify-cdn-cache-control')).toBeNull();
    }
  });
});

describe('every write that changes a public answer purges its cached lookups', () => {
  it('a status update purges its number once it has committed, with the site and token of the environment', async () => {
    watched = first!;
    const before = recorder.purges.length;
    const tags = await purgedBy(() =>
      call(
        trackingUpdate,
        apiRequest(`/api/tracking/${first}/update`, staff({ tracking_number: first, status: 'on_hold', note: 'n' })),
        { trackingNumber: first! },
      ),
    );
    expect(tags).toEqual([[`tracking-${first}`]]);
    const [purge] = recorder.purges.slice(before);
    expect(purge).toMatchObject({ authorization: 'Bearer purge-token', body: { site_id: 'site-1' }, seen: 'on_hold' });
  });

  it('a location update (from a device too), an edit and scans purge the numbers they changed', async () => {
    expect(
      await purgedBy(() =>
        call(
          trackingUpdateLocation,
          apiRequest(`/api/tracking/${second}/update-location`, {
            method: 'PUT',
            json: { tracking_number: second, current_country: 'France', arrival_time: '2026-12-01' },
            headers: { Authorization: `Bearer ${deviceKey}` },
          }),
          { trackingNumber: second! },
        ),
      ),
    ).toEqual([[`tracking-${second}`]]);
    expect(
      await purgedBy(() =>
        call(shipment, apiRequest(`/api/shipments/${third}`, staff({ contents: 'Books' }, 'PATCH')), {
          trackingNumber: third!,
        }),
      ),
    ).toEqual([[`tracking-${third}`]]);
    const scannedAt = new Date().toISOString();
    const events = [first, third, third, 'NECZZZZZZZZZ'].map((number, i) => ({
      event_id: `cdn-${i}`,
      tracking_number: number,
      note: 'Scanned',
      scanned_at: scannedAt,
    }));
    const scanned = await purgedBy(() =>
      call(scans, apiRequest('/api/scans', { json: { events }, headers: { Authorization: `Bearer ${deviceKey}` } })),
    );
    // Each changed number once; the unknown one changed nothing.
    expect(scanned.map((tags) => [...tags].sort())).toEqual([[`tracking-${first}`, `tracking-${third}`].sort()]);
  });

  it("a customer's new name and any change to the places purge every lookup; other changes purge none", async () => {
    expect(
      await purgedBy(() =>
        call(customer, apiRequest('/api/customers/CUS-1001', staff({ name: 'Harbor Lines Group' }, 'PATCH')), {
          id: 'CUS-1001',
        }),
      ),
    ).toEqual([['tracking']]);
    expect(
      await purgedBy(() =>
        call(customer, apiRequest('/api/customers/CUS-1001', staff({ phone: '+1 503 555 0199' }, 'PATCH')), {
          id: 'CUS-1001',
        }),
      ),
    ).toEqual([]);
    const added = { city: 'Cdnville', country: 'Spain', latitude: 40, longitude: -3 };
    let placeId = '';
    expect(
      await purgedBy(async () => {
        const answer = await call(places, apiRequest('/api/places', staff(added, 'POST')));
        placeId = String(answer.body.data.id);
        return answer;
      }, 201),
    ).toEqual([['tracking']]);
    expect(
      await purgedBy(() =>
        call(place, apiRequest(`/api/places/${placeId}`, staff({ ...added, latitude: 41 })), { placeId }),
      ),
    ).toEqual([['tracking']]);
    expect(
      await purgedBy(() => call(place, apiRequest(`/api/places/${placeId}`, staff({}, 'DELETE')), { placeId })),
    ).toEqual([['tracking']]);
  });

  it('a refused write purges nothing', async () => {
    expect(
      await purgedBy(
        () =>
          call(
            trackingUpdate,
            apiRequest(
              '/api/tracking/NECZZZZZZZZZ/update',
              staff({ tracking_number: 'NECZZZZZZZZZ', status: 'on_hold' }),
            ),
            { trackingNumber: 'NECZZZZZZZZZ' },
          ),
        404,
      ),
    ).toEqual([]);
    expect(
      await purgedBy(
        () =>
          call(
            trackingUpdate,
            apiRequest(`/api/tracking/${first}/update`, staff({ tracking_number: first, status: 'lost' })),
            {
              trackingNumber: first!,
            },
          ),
        422,
      ),
    ).toEqual([]);
  });

  it('hands the purge to context.waitUntil where the platform offers it, so the answer does not wait for it', async () => {
    const pending: Promise<unknown>[] = [];
    const context: FunctionContext = { params: { trackingNumber: first! }, waitUntil: (work) => pending.push(work) };
    const before = recorder.purges.length;
    const response = await trackingUpdate(
      apiRequest(`/api/tracking/${first}/update`, staff({ tracking_number: first, status: 'in_transit' })),
      context,
    );
    expect(response.status).toBe(200);
    // The purge and the emails due, both after the answer.
    expect(pending.length).toBeGreaterThanOrEqual(1);
    await Promise.all(pending);
    expect(recorder.purges.slice(before).map((purge) => purge.body.cache_tags)).toEqual([[`tracking-${first}`]]);
  });

  it('a failed purge is logged and never fails the write', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    recorder.answer(500);
    try {
      const tags = await purgedBy(() =>
        call(
          trackingUpdate,
          apiRequest(`/api/tracking/${first}/update`, staff({ tracking_number: first, status: 'on_hold' })),
          {
            trackingNumber: first!,
          },
        ),
      );
      expect(tags).toEqual([[`tracking-${first}`]]);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`tracking-${first}`), expect.any(Error));
    } finally {
      recorder.answer(200);
      logged.mockRestore();
    }
  });

  it('sends nothing without a purge token (netlify dev and serve, where no CDN caches), and the write succeeds', async () => {
    delete process.env.NETLIFY_PURGE_API_TOKEN;
    process.env.NETLIFY_LOCAL = 'true';
    try {
      const tags = await purgedBy(() =>
        call(
          trackingUpdate,
          apiRequest(`/api/tracking/${first}/update`, staff({ tracking_number: first, status: 'in_transit' })),
          {
            trackingNumber: first!,
          },
        ),
      );
      expect(tags).toEqual([]);
    } finally {
      process.env.NETLIFY_PURGE_API_TOKEN = PURGE_ENV.NETLIFY_PURGE_API_TOKEN;
      delete process.env.NETLIFY_LOCAL;
    }
  });
});
