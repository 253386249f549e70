import { readdirSync, readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/lib/api/endpoints';
import { openApiDocument } from '../../src/lib/api/openapi';
import { assertMatchesContract } from '../helpers/requests';

const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url);

/** Each function file's `config.path` or `schedule`, read as Netlify reads them: from the source, without running it. */
const functionConfigs = readdirSync(FUNCTIONS).map((file) => {
  const source = readFileSync(new URL(file, FUNCTIONS), 'utf8');
  const path = /export const config[\s\S]*?\bpath:\s*'([^']+)'/.exec(source)?.[1];
  const schedule = /export const config[\s\S]*?\bschedule:\s*'([^']+)'/.exec(source)?.[1];
  return { file, path, schedule };
});
/** Scheduled functions run on a cron and answer no request. */
const functionPaths = functionConfigs.filter(({ schedule }) => schedule === undefined);

describe('the API contract', () => {
  it('has a function for every call, and a call for every function path', () => {
    for (const { file, path } of functionPaths) expect(path, `${file} has a literal config.path`).toMatch(/^\/api\//);
    const served = new Set<string | undefined>(functionPaths.map(({ path }) => path));
    const declared = new Set<string | undefined>(ENDPOINTS.map(({ endpoint }) => endpoint.path));
    expect([...declared].filter((path) => !served.has(path))).toEqual([]);
    expect([...served].filter((path) => path && !declared.has(path))).toEqual([]);
  });

  it('runs the scheduled functions (email delivery, daily summary) on a cron, at no path', () => {
    const scheduled = functionConfigs.filter(({ schedule }) => schedule !== undefined);
    expect(scheduled.map(({ file }) => file).sort()).toEqual(['daily-summary.ts', 'outbox-deliver.ts']);
    for (const { path, schedule } of scheduled) {
      expect(path).toBeUndefined();
      expect(schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    }
  });

  it('declares each method and path once', () => {
    const routes = ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('refuses answers the contract does not describe (the check every API test runs)', () => {
    const lookup = new Request('http://localhost/api/tracking/NECAAAAAAAAA');
    expect(() => assertMatchesContract(lookup, { status: 200, body: { status: true, data: { id: 1 } } })).toThrow(
      /breaks its contract/,
    );
    expect(() => assertMatchesContract(lookup, { status: 409, body: { status: false, error: 'x' } })).toThrow(
      /not among its declared error statuses/,
    );
    expect(() => assertMatchesContract(lookup, { status: 404, body: { status: 'error', message: 'x' } })).toThrow(
      /error answer breaks its contract/,
    );
    expect(() =>
      assertMatchesContract(lookup, { status: 404, body: { status: false, error: 'No shipment found' } }),
    ).not.toThrow();
    const wrongMethod = new Request('http://localhost/api/trackings', { method: 'DELETE' });
    expect(() => assertMatchesContract(wrongMethod, { status: 200, body: {} })).toThrow(/answered 200/);
  });
});

describe('the OpenAPI document', () => {
  const document = openApiDocument('/');

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every function path and every call with its parameters, body and answers', () => {
    const paths = document.paths ?? {};
    for (const { path } of functionPaths) {
      expect(Object.keys(paths)).toContain(path!.replace(/:(\w+)/g, '{$1}'));
    }
    for (const { endpoint } of ENDPOINTS) {
      const operation = paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase() as 'get'];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const responses = Object.keys(operation!.responses ?? {});
      expect(responses).toContain(String(endpoint.status));
      expect(responses).toEqual(expect.arrayContaining(['405', '503']));
      if (endpoint.access === 'session') {
        expect(responses).toContain('401');
        expect(operation!.security).toEqual([{ session: [] }]);
      }
      if (endpoint.access === 'session-or-key') {
        expect(responses).toContain('401');
        expect(operation!.security).toEqual([{ session: [] }, { deviceKey: [] }]);
      }
      if (endpoint.body) {
        expect(operation!.requestBody).toBeDefined();
        expect(responses).toEqual(expect.arrayContaining(['400', '413', '415', '422']));
      }
      if (endpoint.params) {
        expect(operation!.parameters?.some((parameter) => 'in' in parameter && parameter.in === 'path')).toBe(true);
      }
    }
    expect(document.components?.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.components?.securitySchemes?.deviceKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('marks exactly the calls a device API key may make', () => {
    const keyCalls = ENDPOINTS.filter(({ endpoint }) => endpoint.access === 'session-or-key').map(
      ({ endpoint }) => `${endpoint.method} ${endpoint.path}`,
    );
    expect(keyCalls.sort()).toEqual([
      'POST /api/scans',
      'PUT /api/tracking/:trackingNumber/update',
      'PUT /api/tracking/:trackingNumber/update-location',
    ]);
  });
});
