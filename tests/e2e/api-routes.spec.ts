import { type APIResponse, expect, test } from '@playwright/test';
import { buildSeedShipments } from '../../db/seed';
import { seedAdminCredentials } from '../../netlify/lib/env';
import { type Endpoint, pathFor } from '../../src/lib/api/contract';
import { ENDPOINTS } from '../../src/lib/api/endpoints';

// Proves that, in the served production build, every API route and method reaches its own function
// (a JSON answer from it, not the site's 404 page or another function).

const sample = buildSeedShipments()[0]!.tracking_number;
const json = { 'Content-Type': 'application/json' };

/** Every staff call of the contract: without a session each must answer its function's 401 JSON. */
const STAFF_CALLS = ENDPOINTS.map(({ endpoint }) => endpoint).filter(({ access }) => access !== 'public');

/**
 * The call's path with a value for each parameter: the session is checked before the path is read, so any
 * value reaches the function; a seeded number and record 1 read as a real request would.
 */
const pathOf = (endpoint: Endpoint) =>
  pathFor(
    endpoint,
    Object.fromEntries(
      Object.keys(endpoint.params?.shape ?? {}).map((name) => [name, name === 'trackingNumber' ? sample : '1']),
    ),
  );

/** How a browser may keep an answer: never, but for a found public lookup, which it asks the CDN for again. */
const NOT_KEPT = /no-store|private/;
const PUBLIC_LOOKUP = /^public, max-age=0, must-revalidate$/;

async function expectJson(response: APIResponse, status: number, caching = NOT_KEPT) {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(response.headers()['cache-control']).toMatch(caching);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
  return response.json();
}

for (const endpoint of STAFF_CALLS) {
  test(`${endpoint.method} ${endpoint.path} reaches its function: 401 JSON without a session`, async ({ request }) => {
    const response = await request.fetch(pathOf(endpoint), {
      method: endpoint.method,
      headers: json,
      ...(endpoint.body ? { data: {} } : {}),
    });
    expect(await expectJson(response, 401)).toEqual({ status: 'error', message: 'Authentication required' });
  });
}

test('GET /api/tracking/{number} reaches the public lookup', async ({ request }) => {
  const found = await expectJson(await request.get(`/api/tracking/${sample}`), 200, PUBLIC_LOOKUP);
  expect(found.data.tracking_number).toBe(sample);
  expect(await expectJson(await request.get('/api/tracking/NEC000000000'), 404)).toEqual({
    status: false,
    error: 'No shipment found with this tracking number',
  });
});

test('POST /api/tracking/batch and /api/tracking/{number}/reveal reach their own functions', async ({ request }) => {
  const batch = await expectJson(
    await request.post('/api/tracking/batch', { headers: json, data: { numbers: [sample, 'NEC12'] } }),
    200,
  );
  expect(batch.data.map((item: { result: string }) => item.result)).toEqual(['found', 'malformed']);
  const reveal = await expectJson(
    await request.post(`/api/tracking/${sample}/reveal`, { headers: json, data: { phone_last4: 'abcd' } }),
    422,
  );
  expect(Object.keys(reveal.errors)).toEqual(['phone_last4']);
});

test('POST /api/admin/login and /api/admin/logout reach their functions', async ({ request }) => {
  const refused = await request.post('/api/admin/login', {
    headers: json,
    data: { email: 'nobody@nec-cargo.example', password: 'wrong password' },
  });
  expect(await expectJson(refused, 401)).toEqual({ status: 'error', message: 'Invalid credentials' });
  const out = await request.post('/api/admin/logout', { headers: json, data: {} });
  expect(await expectJson(out, 200)).toEqual({ status: 'success' });
});

test('POST /api/admin/login/two-factor reaches its function', async ({ request }) => {
  const body = await expectJson(await request.post('/api/admin/login/two-factor', { headers: json, data: {} }), 422);
  expect(Object.keys(body.errors).sort()).toEqual(['challenge', 'code']);
});

test('POST /api/admin/login/link reaches its function', async ({ request }) => {
  const refused = await request.post('/api/admin/login/link', { headers: json, data: { token: 'x'.repeat(43) } });
  expect((await expectJson(refused, 401)).message).toMatch(/^This sign-in link is not valid/);
});

test('the email alert calls reach their functions', async ({ request }) => {
  const asked = await expectJson(await request.post('/api/alerts', { headers: json, data: {} }), 422);
  expect(Object.keys(asked.errors).sort()).toEqual(['email', 'tracking_number']);
  const token = 'x'.repeat(43);
  for (const path of ['/api/alerts/confirm', '/api/alerts/unsubscribe']) {
    expect(await expectJson(await request.post(`${path}?token=${token}`), 404)).toEqual({
      status: 'error',
      message:
        'We did not send this link: it may have been mistyped or cut short. Please open the link from the latest email.',
    });
  }
});

test('POST /api/quotes reaches its function', async ({ request }) => {
  const response = await request.post('/api/quotes', { headers: json, data: {} });
  const body = await expectJson(response, 422);
  expect(body.status).toBe('error');
  expect(body.errors).toBeTruthy();
});

test('a signed-in session works through the served functions, and logout ends it', async ({ request }) => {
  const admin = seedAdminCredentials();
  const signedIn = await request.post('/api/admin/login', {
    headers: json,
    data: { email: admin.email, password: admin.password },
  });
  expect(await expectJson(signedIn, 200)).toEqual({ status: 'success', user: { email: admin.email } });
  const setCookie = signedIn.headers()['set-cookie']!;
  expect(setCookie).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict/);
  const cookie = { Cookie: setCookie.split(';')[0]! };

  expect(await expectJson(await request.get('/api/admin/session', { headers: cookie }), 200)).toEqual({
    user: { email: admin.email, role: 'admin', two_factor_required: false },
  });
  const list = await expectJson(await request.get(`/api/trackings?q=${sample.slice(3, 9)}`, { headers: cookie }), 200);
  expect(list.data.map((row: { tracking_number: string }) => row.tracking_number)).toContain(sample);
  const whole = await expectJson(await request.get(`/api/shipments/${sample}`, { headers: cookie }), 200);
  expect(whole.data).toHaveProperty('sender_email');
  const publicShape = await expectJson(
    await request.get(`/api/tracking/${sample}`, { headers: cookie }),
    200,
    PUBLIC_LOOKUP,
  );
  expect(publicShape.data).not.toHaveProperty('sender_email');

  await expectJson(await request.post('/api/admin/logout', { headers: { ...json, ...cookie }, data: {} }), 200);
  expect((await request.get('/api/admin/session', { headers: cookie })).status()).toBe(401);
});
