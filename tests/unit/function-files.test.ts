import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/lib/api/endpoints';

// Every function is its literal config and one call of the handler factory: the method, access, path
// parameters, query, body and error shape come from its contract entries, never restated in the file.

const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url);
const files = readdirSync(FUNCTIONS).map((file) => ({ file, source: readFileSync(new URL(file, FUNCTIONS), 'utf8') }));
const modules = await Promise.all(
  files.map(async ({ file }) => ({ file, ...(await import(new URL(file, FUNCTIONS).href)) })),
);
const routed = modules.filter(({ config }) => config.path);

/** What a function would write if it took its behaviour from somewhere other than its contract entry. */
const RESTATED = [
  /\b(requireMethod|assertSameOrigin|sessionCaller|keyCaller|currentUser|readJson|readQuery|readJsonOrForm)\b/,
  /\brequest\.method\b/,
  /['"](GET|HEAD|POST|PUT|PATCH|DELETE)['"]/,
  /['"](public|session|session-or-key)['"]/,
  /\bhandle\(/,
];

/** A function file that restates its method: what the test below must refuse. */
const RESTATING = `export default defineHandler(on(api.list)(async ({ request }) => {
  if (request.method !== 'GET') throw new HttpError(405, 'Method not allowed');
}));`;

describe('function files', () => {
  it('are at most 20 lines each', () => {
    const long = files.filter(({ source }) => source.trimEnd().split('\n').length > 20).map(({ file }) => file);
    expect(long).toEqual([]);
  });

  it('serve exactly the contract entries of their path, through the handler factory', () => {
    for (const { file, default: handler, config } of routed) {
      const declared = ENDPOINTS.map(({ endpoint }) => endpoint).filter((endpoint) => endpoint.path === config.path);
      expect(handler.endpoints, file).toEqual(expect.arrayContaining(declared));
      const others = handler.endpoints.filter((endpoint: { path: string }) => endpoint.path !== config.path);
      // The public lookup also answers the batch lookup's requests where netlify serve ignores excludedPath.
      expect(others.map(({ path }: { path: string }) => `${file} ${path}`)).toEqual(
        file === 'tracking-lookup.ts' ? ['tracking-lookup.ts /api/tracking/batch'] : [],
      );
    }
  });

  it('never restate a method, an access rule or how a request is read', () => {
    expect(RESTATED.some((pattern) => pattern.test(RESTATING))).toBe(true);
    for (const { file, source } of files.filter(({ file }) => routed.some((module) => module.file === file))) {
      const restated = RESTATED.filter((pattern) => pattern.test(source)).map(String);
      expect(restated, file).toEqual([]);
    }
  });
});
