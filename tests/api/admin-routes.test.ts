import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import accountPasswordChange from '../../netlify/functions/account-password-change';
import accountSessionEnd from '../../netlify/functions/account-session-end';
import accountSessionsEndOthers from '../../netlify/functions/account-sessions-end-others';
import accountSessionsList from '../../netlify/functions/account-sessions-list';
import accountTwoFactorDisable from '../../netlify/functions/account-two-factor-disable';
import accountTwoFactorEnable from '../../netlify/functions/account-two-factor-enable';
import accountTwoFactorSetup from '../../netlify/functions/account-two-factor-setup';
import accountTwoFactorStatus from '../../netlify/functions/account-two-factor-status';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import apiKeyRevoke from '../../netlify/functions/api-keys-revoke';
import adminSession from '../../netlify/functions/auth-session';
import customerErase from '../../netlify/functions/customers-erase';
import customers from '../../netlify/functions/customers-list-create';
import customer from '../../netlify/functions/customers-read-update';
import adminDashboard from '../../netlify/functions/dashboard-read';
import outbox from '../../netlify/functions/outbox-list';
import outboxRetry from '../../netlify/functions/outbox-retry';
import places from '../../netlify/functions/places-list-create';
import unmappedPlaces from '../../netlify/functions/places-unmapped';
import place from '../../netlify/functions/places-update-delete';
import quoteRequests from '../../netlify/functions/quote-requests-list';
import quoteRequest from '../../netlify/functions/quote-requests-update';
import scans from '../../netlify/functions/scans-create';
import settingsCompany from '../../netlify/functions/settings-company-read-save';
import settingsNotifications from '../../netlify/functions/settings-notifications-read-save';
import addTracking from '../../netlify/functions/shipments-add-tracking';
import shipments from '../../netlify/functions/shipments-create';
import trackings from '../../netlify/functions/shipments-list';
import shipment from '../../netlify/functions/shipments-read-edit';
import trackingUpdateLocation from '../../netlify/functions/shipments-update-location';
import trackingUpdate from '../../netlify/functions/shipments-update-status';
import waybills from '../../netlify/functions/waybills-read';
import { hashToken } from '../../netlify/lib/tokens';
import { ENDPOINTS } from '../../src/lib/api/endpoints';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
const number = buildSeedShipments()[0]!.tracking_number;

type Handler = Parameters<typeof call>[0];
interface Route {
  file: string;
  handler: Handler;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  /** What it answers with a valid session, when not its success status (a refusal of the body sent). */
  signedIn?: number[];
  /** Its body limit, when larger than the usual 64 KB. */
  bodyLimit?: number;
}

/** Every admin route and method. A function file missing here fails the completeness test below. */
const ROUTES: Route[] = [
  { file: 'shipments-list', handler: trackings, method: 'GET', path: '/api/trackings?q=NEC' },
  {
    file: 'shipments-add-tracking',
    handler: addTracking,
    method: 'POST',
    path: '/api/add_tracking',
    body: {
      sender_name: 'S',
      recipient_name: 'R',
      recipient_address: 'A, D',
      origin: 'O',
      destination: 'D',
      status: 'preparing',
    },
  },
  {
    file: 'shipments-create',
    handler: shipments,
    method: 'POST',
    path: '/api/shipments',
    body: { customer: 'CUS-1001', origin: 'O', destination: 'D', status: 'preparing' },
  },
  {
    file: 'shipments-read-edit',
    handler: shipment,
    method: 'GET',
    path: `/api/shipments/${number}`,
    params: { trackingNumber: number },
  },
  {
    file: 'shipments-read-edit',
    handler: shipment,
    method: 'PATCH',
    path: `/api/shipments/${number}`,
    params: { trackingNumber: number },
    body: { origin: 'Elsewhere' },
  },
  {
    file: 'shipments-update-status',
    handler: trackingUpdate,
    method: 'PUT',
    path: `/api/tracking/${number}/update`,
    params: { trackingNumber: number },
    body: { tracking_number: number, status: 'on_hold', note: 'n' },
  },
  {
    file: 'shipments-update-location',
    handler: trackingUpdateLocation,
    method: 'PUT',
    path: `/api/tracking/${number}/update-location`,
    params: { trackingNumber: number },
    body: { tracking_number: number, current_country: 'X', arrival_time: '2026-12-01' },
  },
  { file: 'auth-session', handler: adminSession, method: 'GET', path: '/api/admin/session' },
  { file: 'dashboard-read', handler: adminDashboard, method: 'GET', path: '/api/admin/dashboard' },
  {
    file: 'account-two-factor-status',
    handler: accountTwoFactorStatus,
    method: 'GET',
    path: '/api/account/two-factor',
  },
  {
    file: 'account-two-factor-setup',
    handler: accountTwoFactorSetup,
    method: 'POST',
    path: '/api/account/two-factor/setup',
    body: {},
  },
  // Signed in, these answer their own refusals (no setup to confirm, nothing to turn off, a wrong
  // password): what matters here is that without a session they change nothing.
  {
    file: 'account-two-factor-enable',
    handler: accountTwoFactorEnable,
    method: 'POST',
    path: '/api/account/two-factor/enable',
    body: { code: '123456' },
    signedIn: [200, 409, 422],
  },
  {
    file: 'account-two-factor-disable',
    handler: accountTwoFactorDisable,
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: { password: 'not the password', code: '123456' },
    signedIn: [409],
  },
  {
    file: 'account-password-change',
    handler: accountPasswordChange,
    method: 'POST',
    path: '/api/account/password',
    body: {
      current_password: 'not the password',
      new_password: 'another long password',
      confirm_password: 'another long password',
    },
    signedIn: [422],
  },
  { file: 'account-sessions-list', handler: accountSessionsList, method: 'GET', path: '/api/account/sessions' },
  {
    file: 'account-session-end',
    handler: accountSessionEnd,
    method: 'DELETE',
    path: '/api/account/sessions/0123456789abcdef0123456789abcdef',
    params: { sessionId: '0123456789abcdef0123456789abcdef' },
    body: {},
    signedIn: [404],
  },
  {
    file: 'account-sessions-end-others',
    handler: accountSessionsEndOthers,
    method: 'DELETE',
    path: '/api/account/other-sessions',
    body: {},
  },
  { file: 'customers-list-create', handler: customers, method: 'GET', path: '/api/customers?q=harbor&status=active' },
  {
    file: 'customers-list-create',
    handler: customers,
    method: 'POST',
    path: '/api/customers',
    body: { name: 'Matrix Freight' },
  },
  {
    file: 'customers-read-update',
    handler: customer,
    method: 'GET',
    path: '/api/customers/CUS-1001',
    params: { id: 'CUS-1001' },
  },
  {
    file: 'customers-read-update',
    handler: customer,
    method: 'PATCH',
    path: '/api/customers/CUS-1002',
    params: { id: 'CUS-1002' },
    body: { phone: '+1 503 555 0100' },
  },
  {
    file: 'customers-erase',
    handler: customerErase,
    method: 'POST',
    path: '/api/customers/CUS-1003/erase',
    params: { id: 'CUS-1003' },
    body: {},
  },
  { file: 'quote-requests-list', handler: quoteRequests, method: 'GET', path: '/api/quote-requests?status=new' },
  {
    file: 'quote-requests-update',
    handler: quoteRequest,
    method: 'PATCH',
    path: '/api/quote-requests/1',
    params: { id: '1' },
    body: { status: 'contacted' },
  },
  { file: 'settings-company-read-save', handler: settingsCompany, method: 'GET', path: '/api/settings/company' },
  {
    file: 'settings-company-read-save',
    handler: settingsCompany,
    method: 'PUT',
    path: '/api/settings/company',
    body: {
      company_name: 'Matrix Cargo',
      email: 'office@matrix.example',
      phone: '+1 916 555 0100',
      address: '1 Main Street',
      city: 'Sacramento',
      time_zone: 'America/Los_Angeles',
    },
  },
  {
    file: 'settings-notifications-read-save',
    handler: settingsNotifications,
    method: 'GET',
    path: '/api/settings/notifications',
  },
  {
    file: 'settings-notifications-read-save',
    handler: settingsNotifications,
    method: 'PUT',
    path: '/api/settings/notifications',
    body: { new_shipment: false, status_updates: true, new_customer: true, daily_summary: false },
  },
  {
    file: 'scans-create',
    handler: scans,
    method: 'POST',
    path: '/api/scans',
    body: {
      events: [
        { event_id: 'matrix-1', tracking_number: number, note: 'Matrix scan', scanned_at: new Date().toISOString() },
      ],
    },
    bodyLimit: 1024 * 1024,
  },
  { file: 'api-keys-list-create', handler: apiKeys, method: 'GET', path: '/api/api-keys' },
  {
    file: 'api-keys-list-create',
    handler: apiKeys,
    method: 'POST',
    path: '/api/api-keys',
    body: { name: 'Matrix key' },
  },
  {
    file: 'api-keys-revoke',
    handler: apiKeyRevoke,
    method: 'POST',
    path: '/api/api-keys/999999/revoke',
    params: { keyId: '999999' },
    body: {},
    signedIn: [404],
  },
  { file: 'outbox-list', handler: outbox, method: 'GET', path: '/api/outbox?state=queued' },
  {
    file: 'outbox-retry',
    handler: outboxRetry,
    method: 'POST',
    path: '/api/outbox/999999/retry',
    params: { messageId: '999999' },
    body: {},
    signedIn: [404],
  },
  { file: 'waybills-read', handler: waybills, method: 'GET', path: `/api/waybills?numbers=${number}` },
  { file: 'places-list-create', handler: places, method: 'GET', path: '/api/places' },
  { file: 'places-unmapped', handler: unmappedPlaces, method: 'GET', path: '/api/unmapped-places' },
  {
    file: 'places-list-create',
    handler: places,
    method: 'POST',
    path: '/api/places',
    body: { city: 'Matrixville', country: 'Matrix', latitude: 1.5, longitude: 2.5 },
  },
  {
    file: 'places-update-delete',
    handler: place,
    method: 'PUT',
    path: '/api/places/1',
    params: { placeId: '1' },
    body: { city: 'Matrix City', country: 'Matrix', latitude: 3, longitude: 4 },
  },
  {
    file: 'places-update-delete',
    handler: place,
    method: 'DELETE',
    path: '/api/places/999999',
    params: { placeId: '999999' },
    body: {},
    signedIn: [404],
  },
];

/** Functions anyone may call: the public lookups and reveal, quote requests, email alert links, and signing in (both steps) or out. */
const PUBLIC_FUNCTIONS = [
  'tracking-lookup',
  'tracking-batch',
  'tracking-reveal',
  'quotes-create',
  'auth-login',
  'auth-login-two-factor',
  'auth-login-link',
  'auth-logout',
  'alerts-subscribe',
  'alerts-confirm',
  'alerts-unsubscribe',
];
/** Scheduled functions: no route, no request (email delivery, the daily summary). */
const SCHEDULED_FUNCTIONS = ['outbox-deliver', 'daily-summary'];

const request = (route: Route, headers: HeadersInit = {}) =>
  call(
    route.handler,
    apiRequest(route.path, {
      method: route.method,
      headers,
      ...(route.body === undefined ? {} : { json: route.body }),
    }),
    route.params,
  );

async function snapshot() {
  const db = await getDb();
  const { rows } = await db.execute(
    `SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM shipment_histories) AS h,
            (SELECT count(*) FROM activity_log) AS a, (SELECT max(updated_at) FROM shipments) AS u,
            (SELECT count(*) FROM sessions) AS se, (SELECT count(*) FROM admin_two_factor) AS tf,
            (SELECT max(updated_at) FROM admin_users) AS au,
            (SELECT count(*) FROM customers) AS c, (SELECT max(updated_at) FROM customers) AS cu,
            (SELECT count(*) FROM quote_requests) AS q, (SELECT max(updated_at) FROM quote_requests) AS qu,
            (SELECT count(*) FROM settings) AS st, (SELECT max(updated_at) FROM settings) AS stu,
            (SELECT count(*) FROM outbox) AS o, (SELECT count(*) FROM api_keys) AS k,
            (SELECT count(*) FROM scan_events) AS e, (SELECT max(last_used_at) FROM api_keys) AS ku,
            (SELECT count(*) FROM gazetteer) AS g, (SELECT max(updated_at) FROM gazetteer) AS gu`,
  );
  return rows[0];
}

let expired: string;
let idle: string;
let valid: string;
let revokedKey: string;
beforeAll(async () => {
  const db = await getDb();
  await db.execute(
    "INSERT INTO quote_requests (id, name, email, service) VALUES (1, 'Matrix Person', 'matrix@example.com', 'Warehousing')",
  );
  expired = await signIn();
  await db.execute({
    sql: "UPDATE sessions SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minutes') WHERE token_hash = ?",
    args: [hashToken(expired.split('=')[1]!)],
  });
  idle = await signIn();
  await db.execute({
    sql: "UPDATE sessions SET last_seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-31 minutes') WHERE token_hash = ?",
    args: [hashToken(idle.split('=')[1]!)],
  });
  valid = await signIn();
  const created = await call(
    apiKeys,
    apiRequest('/api/api-keys', { json: { name: 'Revoked' }, headers: withSession(valid) }),
  );
  revokedKey = created.body.data.key;
  await call(
    apiKeyRevoke,
    apiRequest(`/api/api-keys/${created.body.data.id}/revoke`, { json: {}, headers: withSession(valid) }),
    { keyId: String(created.body.data.id) },
  );
});

describe('every admin route', () => {
  it('is in this matrix (no function file is left out)', () => {
    const files = readdirSync(new URL('../../netlify/functions/', import.meta.url)).map((name) =>
      name.replace(/\.ts$/, ''),
    );
    expect(files.filter((file) => ![...PUBLIC_FUNCTIONS, ...SCHEDULED_FUNCTIONS].includes(file)).sort()).toEqual(
      [...new Set(ROUTES.map((route) => route.file))].sort(),
    );
  });

  it('covers every staff call of the API contract', () => {
    const staffCalls = ENDPOINTS.filter(({ endpoint }) => endpoint.access !== 'public').map(
      ({ endpoint }) => `${endpoint.method} ${endpoint.path}`,
    );
    const covered = ROUTES.map(({ method, path, params = {} }) => {
      const bare = path.split('?')[0]!;
      return `${method} ${Object.entries(params).reduce((route, [name, value]) => route.replace(value, `:${name}`), bare)}`;
    });
    expect(covered.sort()).toEqual(staffCalls.sort());
  });

  const cases = ROUTES.flatMap((route) =>
    [
      ['no cookie', () => ({})],
      ['a forged cookie', () => ({ Cookie: '__Host-session=Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3VlZC0xMjM0' })],
      ['an empty cookie', () => ({ Cookie: '__Host-session=' })],
      ['an expired session', () => ({ Cookie: expired })],
      ['an idle session', () => ({ Cookie: idle })],
    ].map(
      ([label, headers]) =>
        [`${route.method} ${route.path.split('?')[0]} with ${label as string}`, route, headers] as const,
    ),
  );

  it.each(cases)('%s answers 401 and changes nothing', async (_, route, headers) => {
    const before = await snapshot();
    const { status, body, headers: answer } = await request(route, (headers as () => HeadersInit)());
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message: 'Authentication required' });
    expect(answer.get('content-type')).toMatch(/^application\/json/);
    expect(answer.get('cache-control')).toBe('no-store');
    expect(answer.get('x-content-type-options')).toBe('nosniff');
    expect(await snapshot()).toEqual(before);
  });

  // The calls a device may make take `Authorization: Bearer <key>` instead of a session: a forged,
  // malformed or revoked key is refused the same way, even with a valid session cookie beside it.
  const keyRoutes = ROUTES.filter((route) =>
    ENDPOINTS.some(
      ({ endpoint }) =>
        endpoint.access === 'session-or-key' &&
        endpoint.method === route.method &&
        new URLPattern({ pathname: endpoint.path }).test(new URL(route.path, 'http://x')),
    ),
  );

  it('accepts device keys on exactly the status, location and scan calls', () => {
    expect(keyRoutes.map((route) => route.file).sort()).toEqual([
      'scans-create',
      'shipments-update-location',
      'shipments-update-status',
    ]);
  });

  const keyCases = keyRoutes.flatMap((route) =>
    [
      ['a forged key', () => `Bearer nec_${'Q'.repeat(43)}`],
      ['a malformed key', () => 'Bearer not-a-key'],
      ['a revoked key', () => `Bearer ${revokedKey}`],
      ['another scheme', () => 'Basic c3RhZmY6cGFzcw=='],
    ].map(([label, header]) => [`${route.method} ${route.path} with ${label as string}`, route, header] as const),
  );

  it.each(keyCases)('%s answers 401 and changes nothing', async (_, route, header) => {
    const before = await snapshot();
    const { status, body } = await request(route, withSession(valid, { Authorization: (header as () => string)() }));
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message: 'Authentication required' });
    expect(await snapshot()).toEqual(before);
  });

  const unsafe = ROUTES.filter((route) => route.method !== 'GET');

  it.each(unsafe.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses cross-site requests with 403, even signed in',
    async (_, route) => {
      const before = await snapshot();
      for (const [header, value] of [
        ['Sec-Fetch-Site', 'cross-site'],
        ['Origin', 'https://evil.example'],
      ] as const) {
        const crossSite = apiRequest(route.path, {
          method: route.method,
          json: route.body,
          headers: withSession(valid),
        });
        crossSite.headers.set(header, value);
        const { status, body } = await call(route.handler, crossSite, route.params);
        expect(status).toBe(403);
        expect(body).toEqual({ status: 'error', message: 'Cross-site requests are not allowed' });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(unsafe.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s needs Content-Type: application/json (415) and well-formed JSON (400)',
    async (_, route) => {
      const before = await snapshot();
      const send = (body: string, type: string) =>
        call(
          route.handler,
          apiRequest(route.path, {
            method: route.method,
            body,
            headers: withSession(valid, {
              'Content-Type': type,
              Origin: 'http://localhost:8888',
              'Sec-Fetch-Site': 'same-origin',
            }),
          }),
          route.params,
        );
      expect((await send(JSON.stringify(route.body), 'text/plain')).status).toBe(415);
      expect((await send('{"a":', 'application/json')).status).toBe(400);
      expect((await send('x'.repeat((route.bodyLimit ?? 64 * 1024) + 6000), 'application/json')).status).toBe(413);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s answers 405 with Allow for another method',
    async (_, route) => {
      // A method that no route of the same function takes.
      const taken = ROUTES.filter((other) => other.file === route.file).map((other) => other.method);
      const method = ['DELETE', 'PATCH', 'PUT', 'POST'].find((candidate) => !taken.includes(candidate))!;
      const { status, headers, body } = await call(
        route.handler,
        apiRequest(route.path, { method, headers: withSession(valid) }),
        route.params,
      );
      expect(status).toBe(405);
      expect(headers.get('allow')).toContain(route.method);
      expect(body.status).toBe('error');
    },
  );

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s succeeds with a valid session',
    async (_, route) => {
      const { status } = await request(route, withSession(valid));
      expect(route.signedIn ?? [200, 201]).toContain(status);
    },
  );
});
