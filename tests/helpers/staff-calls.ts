import { readdirSync } from 'node:fs';
import type { Client } from '@libsql/client';
import { buildSeedShipments } from '../../db/seed';
import type { Handler } from '../../netlify/lib/handler';
import { type Endpoint, pathFor } from '../../src/lib/api/contract';
import { ENDPOINTS } from '../../src/lib/api/endpoints';
import { PROOF_MAX_BYTES } from '../../src/lib/schemas/proof';
import { signaturePng } from './proof-stops';
import { apiRequest, SITE } from './requests';

/**
 * Every staff call of the API contract, generated from its endpoint list: the function file serving it
 * (found by `config.path` and the handler's `endpoints`), a valid request and what a signed-in staff
 * member is answered. Test files walk these to check access, origin, body and method rules of every call
 * at once; a call added to the contract joins them, and fails them until it has the sample it needs.
 */

const FUNCTIONS = new URL('../../netlify/functions/', import.meta.url);

interface FunctionModule {
  /** The file's name without `.ts`, e.g. `customers-list-create`. */
  file: string;
  handler: Handler;
  /** Its `config.path`; none for a scheduled function. */
  path?: string;
}

// The platform loads every file of the folder; so do these tests.
const functions: FunctionModule[] = await Promise.all(
  readdirSync(FUNCTIONS).map(async (name) => {
    const module = await import(new URL(name, FUNCTIONS).href);
    return { file: name.replace(/\.ts$/, ''), handler: module.default, path: module.config?.path };
  }),
);

/** Every function file, without `.ts`. */
export const functionFiles = (): string[] => functions.map(({ file }) => file);

/** Function files that answer no request: they run on a cron (`config.schedule`). */
export const scheduledFunctions = (): string[] =>
  functions.filter(({ path }) => path === undefined).map(({ file }) => file);

/** The function files serving the contract's public calls (anyone may make them). */
export const publicFunctions = (): string[] => [
  ...new Set(
    ENDPOINTS.filter(({ endpoint }) => endpoint.access === 'public').map(({ endpoint }) => servedBy(endpoint).file),
  ),
];

/** The one function whose route is the endpoint's path and whose handler serves the endpoint. */
function servedBy(endpoint: Endpoint): FunctionModule {
  const serving = functions.filter(
    ({ path, handler }) => path === endpoint.path && handler.endpoints?.includes(endpoint),
  );
  if (serving.length !== 1) {
    throw new Error(`${routeOf(endpoint)} is served by ${serving.length} function files, not one`);
  }
  return serving[0]!;
}

const routeOf = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

/** A valid request of one call, beyond what the contract fixes: data, not a list of routes. */
interface Sample {
  /** A value for each path parameter, naming a record the seeded database (and `prepareStaffSamples`) has. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The body, for a call that takes one. */
  body?: unknown;
  /**
   * What a valid session is answered when the sample is one the call refuses (a wrong password, a record
   * that does not exist): such a call changes nothing even when signed in, which the checks still exercise.
   */
  answers?: number[];
  /** The body size limit, when larger than the usual 64 KB. */
  bodyLimit?: number;
}

const [number, onRun, onOtherRun, driverStop, proofStop] = buildSeedShipments().map(
  (shipment) => shipment.tracking_number,
) as [string, string, string, string, string];
/** The driver and runs `prepareStaffSamples` makes: a run with one stop to reorder, another with one to remove. */
const SAMPLE_DRIVER = 9001;
const SAMPLE_RUN_DATE = '2099-01-01';
/** The import `prepareStaffSamples` makes, whose failed rows the samples download. */
const SAMPLE_IMPORT = 9001;
const ABSENT_SESSION = '0123456789abcdef0123456789abcdef';

/** Samples by `METHOD path`; a call with no path parameters and no body needs none. */
export const STAFF_SAMPLES: Record<string, Sample> = {
  'GET /api/trackings': { query: { q: 'NEC' } },
  'POST /api/add_tracking': {
    body: {
      sender_name: 'S',
      recipient_name: 'R',
      recipient_address: 'A, D',
      origin: 'O',
      destination: 'D',
      status: 'preparing',
    },
  },
  'POST /api/shipments': { body: { customer: 'CUS-1001', origin: 'O', destination: 'D', status: 'preparing' } },
  'GET /api/shipments/:trackingNumber': { params: { trackingNumber: number } },
  'PATCH /api/shipments/:trackingNumber': { params: { trackingNumber: number }, body: { origin: 'Elsewhere' } },
  'PUT /api/tracking/:trackingNumber/update': {
    params: { trackingNumber: number },
    body: { tracking_number: number, status: 'on_hold', note: 'n' },
  },
  'POST /api/bulk/status': { body: { tracking_numbers: [number], status: 'on_hold', note: 'n' } },
  'PUT /api/tracking/:trackingNumber/update-location': {
    params: { trackingNumber: number },
    body: { tracking_number: number, current_country: 'X', arrival_time: '2026-12-01' },
  },
  'POST /api/account/two-factor/setup': { body: {} },
  // No setup to confirm (409), or the setup's sample ran first and the code is wrong (422).
  'POST /api/account/two-factor/enable': { body: { code: '123456' }, answers: [409, 422] },
  // Two-factor sign-in is never turned on here: nothing to turn off.
  'POST /api/account/two-factor/disable': { body: { password: 'not the password', code: '123456' }, answers: [409] },
  'POST /api/account/password': {
    body: {
      current_password: 'not the password',
      new_password: 'another long password',
      confirm_password: 'another long password',
    },
    answers: [422],
  },
  'DELETE /api/account/sessions/:sessionId': { params: { sessionId: ABSENT_SESSION }, body: {}, answers: [404] },
  'DELETE /api/account/other-sessions': { body: {} },
  'GET /api/customers': { query: { q: 'harbor', status: 'active' } },
  'POST /api/customers': { body: { name: 'Matrix Freight' } },
  'GET /api/customers/:id': { params: { id: 'CUS-1001' } },
  'PATCH /api/customers/:id': { params: { id: 'CUS-1002' }, body: { phone: '+1 503 555 0100' } },
  'POST /api/customers/:id/erase': { params: { id: 'CUS-1003' }, body: {} },
  'GET /api/quote-requests': { query: { status: 'new' } },
  'PATCH /api/quote-requests/:id': { params: { id: '1' }, body: { status: 'contacted' } },
  'POST /api/quote-requests/:id/offer': {
    params: { id: '1' },
    // UTC's date is the company's today or tomorrow (America/Los_Angeles): both are in range.
    body: { amount: 120, valid_until: new Date().toISOString().slice(0, 10), origin: 'O', destination: 'D' },
  },
  'PUT /api/settings/company': {
    body: {
      company_name: 'Matrix Cargo',
      email: 'office@matrix.example',
      phone: '+1 916 555 0100',
      address: '1 Main Street',
      city: 'Sacramento',
      time_zone: 'America/Los_Angeles',
    },
  },
  'PUT /api/settings/audit': { body: { retention_days: 400 } },
  'PUT /api/settings/closed-days': { body: { days: ['2027-12-25'] } },
  'PUT /api/settings/notifications': {
    body: {
      new_shipment: false,
      status_updates: true,
      new_customer: true,
      daily_summary: false,
      new_quote_request: true,
    },
  },
  'POST /api/scans': {
    body: {
      events: [
        { event_id: 'matrix-1', tracking_number: number, note: 'Matrix scan', scanned_at: new Date().toISOString() },
      ],
    },
    bodyLimit: 1024 * 1024,
  },
  'POST /api/api-keys': { body: { name: 'Matrix key' } },
  'POST /api/api-keys/:keyId/revoke': { params: { keyId: '999999' }, body: {}, answers: [404] },
  'GET /api/outbox': { query: { state: 'queued' } },
  'POST /api/outbox/:messageId/retry': { params: { messageId: '999999' }, body: {}, answers: [404] },
  'GET /api/waybills': { query: { numbers: number } },
  'POST /api/places': { body: { city: 'Matrixville', country: 'Matrix', latitude: 1.5, longitude: 2.5 } },
  'PUT /api/places/:placeId': {
    params: { placeId: '1' },
    body: { city: 'Matrix City', country: 'Matrix', latitude: 3, longitude: 4 },
  },
  'DELETE /api/places/:placeId': { params: { placeId: '999999' }, body: {}, answers: [404] },
  'POST /api/team/invitations': { body: { email: 'matrix-invitee@nec-cargo.example', role: 'driver' } },
  'POST /api/team/invitations/:invitationId/resend': { params: { invitationId: '999999' }, body: {}, answers: [404] },
  'POST /api/team/invitations/:invitationId/revoke': { params: { invitationId: '999999' }, body: {}, answers: [404] },
  'PATCH /api/team/members/:memberId': { params: { memberId: '999999' }, body: { role: 'viewer' }, answers: [404] },
  'POST /api/exceptions/:trackingNumber/actions': {
    params: { trackingNumber: number },
    body: { action_id: 'matrix-call-noted', action: 'call_noted', note: 'Matrix call' },
  },
  // The defaults: no role is locked out of the calls checked after it.
  'PUT /api/team/two-factor': { body: { admin: false, dispatcher: false, driver: false, viewer: false } },
  'POST /api/runs': { body: { driver_id: SAMPLE_DRIVER, run_date: '2099-01-02', tracking_numbers: [number] } },
  'GET /api/runs/:runId': { params: { runId: String(SAMPLE_DRIVER) } },
  'PUT /api/runs/:runId/stops': { params: { runId: String(SAMPLE_DRIVER) }, body: { tracking_numbers: [onRun] } },
  // The stop is there until one role's check has taken it off.
  'DELETE /api/shipments/:trackingNumber/run': {
    params: { trackingNumber: onOtherRun },
    body: {},
    answers: [200, 404],
  },
  'GET /api/shipments/:trackingNumber/assignments': { params: { trackingNumber: number } },
  'POST /api/imports': {
    body: {
      key: '00000000-0000-4000-8000-000000009001',
      file_name: 'matrix.csv',
      chunk: 0,
      rows: [
        {
          line: 2,
          cells: {
            reference: 'MATRIX-1',
            status: 'preparing',
            sender_name: 'S',
            recipient_name: 'R',
            recipient_address: 'A, D',
            origin: 'O',
            destination: 'D',
          },
        },
      ],
    },
    bodyLimit: 4 * 1024 * 1024,
  },
  'GET /api/imports/:importId/failed': { params: { importId: String(SAMPLE_IMPORT) } },
  // The driver's calls are the driver's alone: a valid admin session is refused; the driver's sample stop is on
  // their run (prepareStaffSamples).
  'GET /api/driver/stops': { answers: [403] },
  'POST /api/driver/events': {
    body: {
      events: [
        {
          event_id: 'matrix-driver-1',
          tracking_number: driverStop,
          action: 'picked_up',
          recorded_at: new Date().toISOString(),
        },
      ],
    },
    answers: [403],
  },
  // Only the stop's driver records it: any other session is refused (403), the driver's repeats are duplicates.
  'POST /api/driver/stops/:trackingNumber/proof': {
    params: { trackingNumber: proofStop },
    body: {
      event_id: 'matrix-proof',
      recipient_name: 'Matrix Person',
      signature: new File([signaturePng()], 'signature.png', { type: 'image/png' }),
      delivered_at: new Date().toISOString(),
    },
    answers: [403],
    bodyLimit: PROOF_MAX_BYTES,
  },
  'GET /api/pickups/queue': { query: { status: 'requested' } },
  'PUT /api/pickups/:id/run': { params: { id: '999999' }, body: { driver_id: SAMPLE_DRIVER }, answers: [404] },
  'POST /api/pickups/:id/complete': { params: { id: '999999' }, body: {}, answers: [404] },
  'GET /api/driver/pickups': { answers: [403] },
  // Before the driver's sample has recorded it, the stop has no proof yet.
  'GET /api/shipments/:trackingNumber/proof': { params: { trackingNumber: proofStop }, answers: [200, 404] },
  'GET /api/shipments/:trackingNumber/proof/:image': {
    params: { trackingNumber: proofStop, image: 'signature' },
    answers: [200, 404],
  },
};

/**
 * What the samples name beyond the seed: a quote request, an import, a driver and two runs with a stop each (the seed has
 * none), and two stops for today (the driver's calls', the proof's) on the run of the role checks' driver account
 * (made before this is called).
 */
export async function prepareStaffSamples(db: Client): Promise<void> {
  await db.batch(
    [
      "INSERT INTO quote_requests (id, name, email, service) VALUES (1, 'Matrix Person', 'matrix@example.com', 'Warehousing')",
      {
        sql: `INSERT INTO imports (id, key, file_name, created_by_email, created_at)
              VALUES (?, 'matrix-import', 'matrix.csv', 'matrix@nec-cargo.example', '2026-01-01T00:00:00.000Z')`,
        args: [SAMPLE_IMPORT],
      },
      {
        sql: "INSERT INTO admin_users (id, email, password_hash, role) VALUES (?, 'matrix-driver@nec-cargo.example', 'x', 'driver')",
        args: [SAMPLE_DRIVER],
      },
      {
        sql: 'INSERT INTO runs (id, driver_id, run_date) VALUES (?, ?, ?), (?, ?, ?)',
        args: [SAMPLE_DRIVER, SAMPLE_DRIVER, SAMPLE_RUN_DATE, SAMPLE_DRIVER + 1, SAMPLE_DRIVER, '2099-01-03'],
      },
      {
        sql: `INSERT INTO run_stops (shipment_id, run_id, position)
              SELECT id, CASE tracking_number WHEN ? THEN ? ELSE ? END, 1 FROM shipments WHERE tracking_number IN (?, ?)`,
        args: [onRun, SAMPLE_DRIVER, SAMPLE_DRIVER + 1, onRun, onOtherRun],
      },
      {
        sql: `INSERT INTO runs (driver_id, run_date) SELECT id, date('now') FROM admin_users
              WHERE role = 'driver' AND id <> ?`,
        args: [SAMPLE_DRIVER],
      },
      {
        sql: `INSERT INTO run_stops (shipment_id, run_id, position)
              SELECT s.id, r.id, CASE s.tracking_number WHEN ? THEN 1 ELSE 2 END FROM shipments s, runs r
              WHERE s.tracking_number IN (?, ?) AND r.driver_id <> ?`,
        args: [driverStop, driverStop, proofStop, SAMPLE_DRIVER],
      },
    ],
    'write',
  );
}

export interface StaffCall {
  /** `METHOD path` as the contract declares it, e.g. `PATCH /api/customers/:id`. */
  route: string;
  endpoint: Endpoint;
  /** The function file serving it, without `.ts`. */
  file: string;
  handler: Handler;
  /** The path with its parameters filled in, and the sample's query. */
  path: string;
  params: Record<string, string>;
  body?: unknown;
  /** The statuses a valid staff session may be answered: the contract's success status, or the sample's refusals. */
  answers: readonly number[];
  bodyLimit: number;
}

/**
 * Every call of the contract that needs a staff session or device key, each with its function and a valid
 * request. Throws, naming them, when a call lacks the sample it needs (a value for each path parameter, a
 * body) or a sample names no such call: no call can be left out unnoticed.
 */
export function staffCalls(samples: Record<string, Sample> = STAFF_SAMPLES): StaffCall[] {
  const staff = ENDPOINTS.map(({ endpoint }) => endpoint).filter((endpoint) => endpoint.access !== 'public');
  const problems = Object.keys(samples)
    .filter((route) => !staff.some((endpoint) => routeOf(endpoint) === route))
    .map((route) => `${route}: a sample for no staff call of the contract`);
  const calls = staff.map((endpoint) => {
    const route = routeOf(endpoint);
    const sample = samples[route] ?? {};
    const needed = Object.keys(endpoint.params?.shape ?? {}).filter((name) => sample.params?.[name] === undefined);
    if (needed.length) problems.push(`${route}: needs a sample value for ${needed.join(', ')}`);
    if (endpoint.body && sample.body === undefined) problems.push(`${route}: needs a sample body`);
    if (!endpoint.body && sample.body !== undefined) problems.push(`${route}: takes no body, yet has a sample one`);
    const { file, handler } = servedBy(endpoint);
    const params = sample.params ?? {};
    const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
    return {
      route,
      endpoint,
      file,
      handler,
      path: needed.length ? endpoint.path : `${pathFor(endpoint, params)}${query}`,
      params,
      ...(sample.body === undefined ? {} : { body: sample.body }),
      answers: sample.answers ?? [endpoint.status],
      bodyLimit: sample.bodyLimit ?? 64 * 1024,
    };
  });
  if (problems.length) throw new Error(`Staff calls without a valid sample request:\n${problems.join('\n')}`);
  return calls;
}

/** The call's sample request with these headers (a session cookie, a key), as a browser on the site sends it. */
export const sampleRequest = (call: StaffCall, headers: HeadersInit = {}): Request =>
  call.endpoint.accepts === 'multipart/form-data' && call.body !== undefined
    ? formRequest(call, headers)
    : apiRequest(call.path, {
        method: call.endpoint.method,
        headers,
        ...(call.body === undefined ? {} : { json: call.body }),
      });

/** A form with files (the proof's upload): each field of the sample body, files as files. */
function formRequest(call: StaffCall, headers: HeadersInit): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(call.body as Record<string, string | File>)) form.set(name, value);
  const sent = new Headers(headers);
  sent.set('Origin', SITE);
  sent.set('Sec-Fetch-Site', 'same-origin');
  return apiRequest(call.path, { method: call.endpoint.method, body: form, headers: sent });
}
