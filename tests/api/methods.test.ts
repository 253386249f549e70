import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorSchema } from '../../src/lib/api/contract';
import { ENDPOINTS } from '../../src/lib/api/endpoints';
import { useTestDatabase } from '../helpers/test-db';

// TRACE, CONNECT and methods no one defined reach a function on the platform (netlify-cli answers TRACE itself
// locally, before any function runs): each function answers 405 with Allow and its JSON error, never a stack trace.

useTestDatabase({ seed: true });

const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url);
// Scheduled functions (email delivery, the daily summary) run on a cron and answer no request.
const modules = await Promise.all(
  readdirSync(FUNCTIONS).map(async (file) => ({ file, ...(await import(new URL(file, FUNCTIONS).href)) })),
);
const routed = modules.filter(({ config }) => config.path);

/** `fetch`'s Request refuses TRACE, CONNECT and TRACK; a platform hands them on, so the test sets the method itself. */
function requestWith(method: string, path: string): Request {
  const request = new Request(new URL(path, 'http://localhost:8888'), { headers: { Origin: 'http://localhost:8888' } });
  Object.defineProperty(request, 'method', { value: method });
  return request;
}

const METHODS = ['TRACE', 'CONNECT', 'TRACK', 'PROPFIND', 'BREW', 'trace'];

describe('methods no call takes', () => {
  it('reach every function with a path', () => {
    expect(routed.length).toBe(new Set(ENDPOINTS.map(({ endpoint }) => endpoint.path)).size);
  });

  it.each(routed.map(({ file, default: handler, config }) => [file, handler, config.path] as const))(
    '%s answers 405 with Allow and a JSON error',
    async (_, handler, path) => {
      const endpoints = ENDPOINTS.map(({ endpoint }) => endpoint).filter((endpoint) => endpoint.path === path);
      const allowed = endpoints.flatMap(({ method }) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      for (const method of METHODS) {
        const response: Response = await handler(requestWith(method, path.replace(/:(\w+)/g, 'NEC000000000')), {});
        const text = await response.text();
        expect(response.status, method).toBe(405);
        expect(response.headers.get('allow')?.split(', ').sort()).toEqual(allowed.sort());
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(errorSchema(endpoints[0]!).safeParse(JSON.parse(text)).success).toBe(true);
        expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
      }
    },
  );
});
