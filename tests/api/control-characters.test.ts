import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { pathFor } from '../../src/lib/api/contract';
import { NO_CONTROL_CHARACTERS } from '../../src/lib/schemas/text';
import { signIn, withSession } from '../helpers/admin-session';
import { type RequestField, requestFields } from '../helpers/request-fields';
import { apiRequest, call } from '../helpers/requests';
import { useTestDatabase } from '../helpers/test-db';

// Every field of every request the contract declares (path parameters, query, body), sent to its function with a
// control character in it: a 422 that names the field, never a 5xx and never a stored value.

const getDb = useTestDatabase({ seed: true });

type Handler = Parameters<typeof call>[0];
const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url);
const handlers = new Map<string, Handler>();
let cookie: string;
/** A driver's session, for the calls only drivers make (an admin is refused those before the body is read). */
let driverCookie: string;

beforeAll(async () => {
  for (const file of readdirSync(FUNCTIONS)) {
    const { default: handler, config } = await import(new URL(file, FUNCTIONS).href);
    if (config.path) handlers.set(config.path, handler);
  }
  cookie = await signIn();
  const driver = { email: 'control-driver@nec-cargo.example', password: 'a driver signs in with this' };
  await setAdminPassword(await getDb(), driver.email, driver.password, 'driver');
  driverCookie = await signIn(driver);
});

let nextAddress = 1;
/** Public calls count per client address: each request comes from its own. */
const headers = (endpoint: RequestField['endpoint']) =>
  withSession(endpoint.roles && !endpoint.roles.includes('admin') ? driverCookie : cookie, {
    'x-nf-client-connection-ip': `198.51.100.${nextAddress++ % 250}`,
    Origin: 'http://localhost:8888',
  });

/** A well-formed path parameter (functions check the address before the body): a tracking number, or an id. */
// Well-formed ids (a malformed one is a 404 before any body is read), naming nothing.
const PLACEHOLDERS: Record<string, string> = { trackingNumber: 'NEC000000000', id: 'CUS-9999' };
const placeholder = (name: string, path: string) =>
  name === 'id' && !path.startsWith('/api/customers/') ? '1' : (PLACEHOLDERS[name] ?? '1');

/** The request that sets only this field, to `value`; other path parameters a placeholder, any body `{}`. */
function requestFor(item: RequestField, value: string): { request: Request; params: Record<string, string> } {
  const { endpoint, part } = item;
  const names = Object.keys(endpoint.params?.shape ?? {});
  const params = Object.fromEntries(names.map((name) => [name, placeholder(name, endpoint.path)]));
  if (part === 'params') params[item.field] = value;
  const query = part === 'query' ? `?${new URLSearchParams(item.input(value) as Record<string, string>)}` : '';
  const path = pathFor(endpoint, params) + query;
  if (!endpoint.body) {
    return { request: apiRequest(path, { method: endpoint.method, headers: headers(endpoint) }), params };
  }
  const json = part === 'body' ? item.input(value) : {};
  if (endpoint.accepts === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, given] of Object.entries(json)) form.set(name, String(given));
    const sent = headers(endpoint);
    sent.set('Sec-Fetch-Site', 'same-origin');
    return { request: apiRequest(path, { method: endpoint.method, body: form, headers: sent }), params };
  }
  return { request: apiRequest(path, { method: endpoint.method, json, headers: headers(endpoint) }), params };
}

const label = ({ resource, name, part, field }: RequestField) => `${resource}.${name} ${part}.${field}`;
const fields = requestFields().filter(({ kind }) => kind !== 'boolean');

describe('a control character in any request field answers 422 naming the field', () => {
  it('covers every path parameter, query and body of the contract', () => {
    const parts = new Set(fields.map(({ part }) => part));
    expect([...parts].sort()).toEqual(['body', 'params', 'query']);
    for (const { endpoint } of fields) expect(handlers.has(endpoint.path), endpoint.path).toBe(true);
  });

  it.each(fields.map((item) => [label(item), item] as const))('%s', async (_, item) => {
    for (const value of ['\u0000', 'a\u001bb']) {
      const { request, params } = requestFor(item, value);
      const answer = await call(handlers.get(item.endpoint.path)!, request, params);
      expect(answer.status, JSON.stringify(value)).toBe(422);
      if (item.endpoint.errorBody === 'tracking') {
        // The public lookup's own error shape has one message: it names the parameter.
        expect(answer.body.error).toContain(item.field);
      } else if (item.kind === 'string') {
        expect(answer.body.errors[item.field]).toContain(NO_CONTROL_CHARACTERS);
      } else {
        expect(answer.body.errors[item.field]).toBeDefined();
      }
    }
  });
});
