import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSeedShipments } from '../../db/seed';
import tracking from '../../netlify/functions/tracking-lookup';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

useTestDatabase({ seed: true });

const FUNCTIONS_DIR = new URL('../../netlify/functions/', import.meta.url);
// Scheduled functions (email delivery, the daily summary) run on a cron and answer no request.
const files = readdirSync(FUNCTIONS_DIR).filter(
  (name) =>
    name.endsWith('.ts') &&
    !/export const config[\s\S]*?\bschedule:/.test(readFileSync(new URL(name, FUNCTIONS_DIR), 'utf8')),
);

/** What every function answer carries, success or error (netlify.toml sets the same on pages). */
function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers on every function answer', () => {
  it.each(files)('%s', async (file) => {
    const { default: handler, config } = await import(new URL(file, FUNCTIONS_DIR).href);
    const path = String(config.path).replace(/:(\w+)/g, 'NEC000000000');
    // A method no function takes: each answers its own 405.
    const response: Response = await handler(
      new Request(new URL(path, 'http://localhost:8888'), { method: 'OPTIONS' }),
      {},
    );
    expect(response.status).toBe(405);
    expectSecurityHeaders(response.headers);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a success, a 404 and a 429 too', async () => {
    // The limit counts in fixed windows of a minute: the clock stands still, so a busy run never crosses into
    // the next window and starts counting again.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:01Z') });
    const sample = buildSeedShipments()[0]!.tracking_number;
    const headers = { 'x-nf-client-connection-ip': '198.51.100.200' };
    const found = await call(tracking, apiRequest(`/api/tracking/${sample}`, { headers }), { trackingNumber: sample });
    expect(found.status).toBe(200);
    expectSecurityHeaders(found.headers);
    const missing = await call(tracking, apiRequest('/api/tracking/NEC000000000', { headers }), {
      trackingNumber: 'NEC000000000',
    });
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
    let limited = missing;
    for (let i = 0; i < 70 && limited.status !== 429; i++) {
      limited = await call(tracking, apiRequest(`/api/tracking/${sample}`, { headers }), { trackingNumber: sample });
    }
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectSecurityHeaders(limited.headers);
  });
});
