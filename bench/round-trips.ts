import { readdirSync } from 'node:fs';
import type { Client } from '@libsql/client';
import { URI } from 'otpauth';
import { buildSeedShipments } from '../db/seed';
import type { FunctionContext } from '../netlify/lib/http';
import { type Endpoint, pathFor } from '../src/lib/api/contract';
import { API, ENDPOINTS } from '../src/lib/api/endpoints';
import { apiRequest, SITE } from '../tests/helpers/requests';
import { type CountingProxy, startCountingProxy, startSqld } from '../tests/helpers/sqld';
import { callPickups, callRunsAndDriver, callStaffLinks, callTeam, cookieOf } from './lib/round-trip-flows';
import { companyToday, mailedToken, startBlobs } from './lib/round-trip-setup';
import { BENCH_ADMIN, withSeededDatabase } from './lib/seeded-database';

/**
 * Round trips to the database per API call before its answer: each call made in-process as Netlify
 * makes it, against a real sqld server behind a proxy that counts the Hrana requests. With Turso each is a network round
 * trip (to a replica for reads, to the primary for writes), which decides a call's latency and cost
 * more than anything it does in-process.
 */

type Kind = 'public lookup' | 'batch lookup' | 'staff read' | 'write';
const TARGETS: Record<Kind, number> = { 'public lookup': 1, 'batch lookup': 1, 'staff read': 2, write: 2 };

function kindOf(endpoint: Endpoint): Kind {
  if (endpoint === API.tracking.lookup) return 'public lookup';
  if (endpoint === API.tracking.batch) return 'batch lookup';
  return endpoint.method === 'GET' ? 'staff read' : 'write';
}

export interface RoundTrips {
  endpoint: Endpoint;
  call: string;
  kind: Kind;
  target: number;
  requests: number;
  status: number;
}

type Handler = (request: Request, context: FunctionContext) => Promise<Response>;

/** Each function's handler by its `config.path`, as Netlify routes to them. */
async function handlersByPath(): Promise<Map<string, Handler>> {
  const folder = new URL('../netlify/functions/', import.meta.url);
  const modules = await Promise.all(
    readdirSync(folder).map((file) => import(new URL(file, folder).href) as Promise<Record<string, unknown>>),
  );
  return new Map(
    modules.flatMap((module) => {
      const path = (module.config as { path?: string } | undefined)?.path;
      return path ? [[path, module.default as Handler]] : [];
    }),
  );
}

interface CallInit {
  /** What sets this call apart from another of the same route. */
  note?: string;
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  /** A form with files (the driver's proof), sent as the phone sends it, instead of JSON. */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A call's answer: its JSON, or the text of a file (an export, an image), and its headers. */
export interface Answered {
  body: any;
  headers: Headers;
}
export type Send = (endpoint: Endpoint, init?: CallInit) => Promise<Answered>;

/** Counts calls through the proxy; each answer's body is parsed for the next call's setup. */
function counter(proxy: CountingProxy, handlers: Map<string, Handler>) {
  const results: RoundTrips[] = [];
  const send: Send = async (endpoint, init = {}) => {
    const label = `${endpoint.method} ${endpoint.path}${init.note ? ` (${init.note})` : ''}`;
    const handler = handlers.get(endpoint.path);
    if (!handler) throw new Error(`no function serves ${endpoint.path}`);
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('Cookie', init.cookie);
    if (init.form) {
      // What apiRequest adds to a JSON body; the form's own boundary makes its Content-Type.
      headers.set('Origin', SITE);
      headers.set('Sec-Fetch-Site', 'same-origin');
    }
    const request = apiRequest(`${pathFor(endpoint, init.params)}${init.query ?? ''}`, {
      method: endpoint.method,
      headers,
      ...(init.json === undefined ? {} : { json: init.json }),
      ...(init.form ? { body: init.form } : {}),
    });
    // No waitUntil: what a function leaves running after its answer (the emails due, a CDN purge) would
    // share the proxy with the call's own requests, and it does not delay the answer.
    const context: FunctionContext = { params: init.params ?? {}, ip: '192.0.2.10' };
    let response: Response | undefined;
    let text = '';
    const requests = await proxy.count(async () => {
      response = await handler(request, context);
      text = await response.text();
    });
    const kind = kindOf(endpoint);
    const status = response!.status;
    results.push({ endpoint, call: label, kind, target: TARGETS[kind], requests, status });
    // Every call is its happy path: the contract's success status, or the bench stops here.
    if (status !== endpoint.status) throw new Error(`${label} answered ${status}: ${text.slice(0, 500)}`);
    // A download (CSV, an image) is its text; every other answer is JSON.
    const json = /^application\/json\b/.test(response!.headers.get('content-type') ?? '');
    return { body: json ? JSON.parse(text) : text, headers: response!.headers };
  };
  return { send, results };
}

/**
 * Every call of the API contract once, on its happy path, in an order where each finds what it needs (a
 * session, a key, an id). What a call needs beyond earlier answers (a staff account, a sign-in link, the
 * token an email carries) is written or read through `db` between calls, outside `proxy.count`: only the
 * call's own requests are counted.
 */
async function callEverything(db: Client, send: Send): Promise<void> {
  const number = buildSeedShipments()[0]!.tracking_number;
  const others = buildSeedShipments()
    .slice(1, 5)
    .map((shipment) => shipment.tracking_number);
  const { rows: recipients } = await db.execute({
    sql: 'SELECT recipient_mail FROM shipments WHERE tracking_number = ?',
    args: [number],
  });
  const recipientMail = String(recipients[0]!.recipient_mail);
  const signIn = async (note: string) => {
    const { headers } = await send(API.auth.login, { note, json: BENCH_ADMIN });
    return cookieOf(headers);
  };

  const { tracking, shipments, dashboard, quotes, customers, settings, alerts, apiKeys, scans, outbox, waybills } = API;
  const { places, account, auth } = API;
  const cookie = await signIn('password');
  await send(auth.session, { cookie });

  await send(tracking.lookup, { params: { trackingNumber: number } });
  await send(tracking.batch, { note: '5 numbers', json: { numbers: [number, ...others] } });
  const revealed = await send(tracking.reveal, {
    params: { trackingNumber: number },
    json: { email: recipientMail },
  });
  // The recipient's browser: its reveal cookie asks for another delivery and sees the proof's images later.
  const revealCookie = cookieOf(revealed.headers);

  await send(shipments.list, { cookie, query: '?q=london' });
  await send(shipments.list, { note: 'search and a filter', cookie, query: '?q=london&status=in_transit' });
  await send(shipments.get, { cookie, params: { trackingNumber: number } });
  const route = { origin: 'London, United Kingdom', destination: 'Madrid, Spain', status: 'preparing' };
  const added = await send(shipments.addTracking, {
    cookie,
    json: {
      sender_name: 'Bench Sender',
      recipient_name: 'Bench Recipient',
      recipient_address: 'Gran Vía 1, Madrid, Spain',
      ...route,
    },
  });
  await send(shipments.create, { cookie, json: { customer: 'CUS-1001', ...route } });
  const created = String(added.body.data.tracking_number);
  await send(shipments.edit, {
    cookie,
    params: { trackingNumber: created },
    json: { contents: 'Spare parts' },
  });
  await send(shipments.updateStatus, {
    cookie,
    params: { trackingNumber: created },
    json: { tracking_number: created, status: 'in_transit', note: 'Left the depot' },
  });
  await send(shipments.updateLocation, {
    cookie,
    params: { trackingNumber: created },
    json: { tracking_number: created, current_country: 'France', arrival_time: '2026-12-01' },
  });
  await send(API.bulk.status, {
    note: '2 numbers',
    cookie,
    json: { tracking_numbers: [others[1], others[2]], status: 'on_hold', note: 'Held for the bench' },
  });
  await send(dashboard.get, { cookie });
  await send(waybills.get, { cookie, query: `?numbers=${number},${created}` });

  const key = await send(apiKeys.create, { cookie, json: { name: 'Bench scanner' } });
  await send(apiKeys.list, { cookie });
  const scannedAt = new Date().toISOString();
  await send(scans.create, {
    note: 'device key, 3 events',
    headers: { Authorization: `Bearer ${key.body.data.key}` },
    json: {
      events: [number, created, others[0]].map((trackingNumber, i) => ({
        event_id: `bench-${i}`,
        tracking_number: trackingNumber,
        note: 'Scanned at the hub',
        scanned_at: scannedAt,
      })),
    },
  });
  await send(shipments.updateStatus, {
    note: 'device key',
    headers: { Authorization: `Bearer ${key.body.data.key}` },
    params: { trackingNumber: created },
    json: { tracking_number: created, status: 'on_hold', note: 'Held at customs' },
  });
  await send(apiKeys.revoke, {
    cookie,
    params: { keyId: String(key.body.data.id) },
    json: {},
  });

  const quote = await send(quotes.create, {
    json: { name: 'Bench Person', email: 'bench.person@example.com', service: 'Warehousing', message: 'A quote' },
  });
  await send(quotes.list, { cookie });
  await send(quotes.update, {
    cookie,
    params: { id: String(quote.body.data.id) },
    json: { status: 'contacted' },
  });
  // The reply with a price (holding to the company's today), and its emailed link read and accepted (a booking).
  const today = await companyToday(db);
  await send(API.quoteOffers.send, {
    cookie,
    params: { id: String(quote.body.data.id) },
    json: { amount: 120, valid_until: today, origin: 'London', destination: 'Madrid' },
  });
  const offer = await mailedToken(db, 'quote_offer', 'bench.person@example.com');
  await send(API.quoteOffers.read, { json: { token: offer } });
  await send(API.quoteOffers.accept, { json: { token: offer } });

  await send(customers.list, { cookie, query: '?q=harbor' });
  const customer = await send(customers.create, { cookie, json: { name: 'Bench Freight Ltd' } });
  const customerId = String(customer.body.data.id);
  await send(customers.get, { cookie, params: { id: customerId } });
  await send(customers.update, {
    cookie,
    params: { id: customerId },
    json: { phone: '+1 503 555 0100' },
  });
  await send(customers.erase, { cookie, params: { id: customerId }, json: {} });

  const company = await send(settings.getCompany, { cookie });
  await send(settings.saveCompany, { cookie, json: company.body.data });
  const notifications = await send(settings.getNotifications, { cookie });
  await send(settings.saveNotifications, { cookie, json: notifications.body.data });
  const retention = await send(settings.getAudit, { cookie });
  await send(settings.saveAudit, { cookie, json: retention.body.data });

  await send(alerts.subscribe, {
    json: { tracking_number: number, email: 'bench.watcher@example.com' },
  });
  const { rows: tokens } = await db.execute(
    "SELECT token FROM mail_subscriptions WHERE email = 'bench.watcher@example.com'",
  );
  const token = String(tokens[0]!.token);
  await send(alerts.confirm, { query: `?token=${token}`, json: {} });
  await send(alerts.unsubscribe, { query: `?token=${token}`, json: {} });

  await send(outbox.list, { cookie });
  const { rows: failed } = await db.execute(
    "UPDATE outbox SET state = 'failed' WHERE id = (SELECT max(id) FROM outbox) RETURNING id",
  );
  await send(outbox.retry, {
    cookie,
    params: { messageId: String(failed[0]!.id) },
    json: {},
  });

  await send(places.list, { cookie });
  await send(places.unmapped, { cookie });
  const place = await send(places.create, {
    cookie,
    json: { city: 'Benchville', country: 'Spain', latitude: 40.1, longitude: -3.2 },
  });
  const placeId = String(place.body.data.id);
  await send(places.update, {
    cookie,
    params: { placeId },
    json: { city: 'Bench City', country: 'Spain', latitude: 40.2, longitude: -3.3 },
  });
  await send(places.remove, { cookie, params: { placeId }, json: {} });

  // An import: a chunk of one row for a customer (whose read rides on the session check), then the history.
  await send(API.imports.send, {
    cookie,
    json: {
      key: '00000000-0000-4000-8000-00000000be0c',
      file_name: 'bench.csv',
      chunk: 0,
      rows: [
        {
          line: 2,
          cells: {
            reference: 'BENCH-1',
            customer_id: 'CUS-1001',
            sender_name: 'Bench Sender',
            recipient_name: 'Bench Recipient',
            recipient_address: 'Gran Vía 1, Madrid, Spain',
            ...route,
          },
        },
      ],
    },
  });
  const imports = await send(API.imports.list, { cookie });
  await send(API.imports.failed, { cookie, params: { importId: String(imports.body.data[0].id) } });

  // Downloads: the office's lists and the audit trail as CSV, read to their end as the browser takes them.
  await send(API.exports.shipments, { cookie, query: '?q=london' });
  await send(API.exports.customers, { cookie, query: '?q=harbor' });
  await send(API.exports.quoteRequests, { cookie });
  await send(API.audit.list, { cookie });
  await send(API.audit.export, { cookie });

  // Staff of other roles, runs, the driver's screen, proofs, pickups and the links emailed to staff.
  const { driverCookie } = await callTeam(db, send, cookie);
  const { driverId } = await callRunsAndDriver(
    send,
    { cookie, driverCookie, revealCookie },
    { number, other: others[3]! },
  );
  await callPickups(db, send, { cookie, driverCookie }, driverId);
  await callStaffLinks(db, send, BENCH_ADMIN.email);

  // The account: two-factor on, a sign-in with both steps, then off; sessions, password, sign-out.
  await send(account.twoFactorStatus, { cookie });
  const setup = await send(account.twoFactorSetup, { cookie, json: {} });
  const enabled = await send(account.twoFactorEnable, {
    cookie,
    json: { code: URI.parse(setup.body.data.otpauth_uri).generate() },
  });
  const [first, second] = enabled.body.data.recovery_codes as string[];
  const challenge = await send(auth.login, { note: 'password, two-factor on', json: BENCH_ADMIN });
  await send(auth.loginTwoFactor, {
    json: { challenge: challenge.body.challenge, code: first },
  });
  await send(account.twoFactorDisable, {
    cookie,
    json: { password: BENCH_ADMIN.password, code: second },
  });
  const sessions = await send(account.sessions, { cookie });
  const other = (sessions.body.data as Array<{ id: string; current: boolean }>).find((session) => !session.current)!;
  await send(account.endSession, {
    cookie,
    params: { sessionId: other.id },
    json: {},
  });
  await signIn('password, again');
  await send(account.endOtherSessions, { cookie, json: {} });
  const newPassword = 'bench-password-changed-once';
  await send(account.changePassword, {
    cookie,
    json: { current_password: BENCH_ADMIN.password, new_password: newPassword, confirm_password: newPassword },
  });
  await send(auth.logout, { cookie, json: {} });
}

/** Starts sqld behind the counting proxy, seeds it and makes every call of the contract once. */
export async function countRoundTrips(): Promise<{ rows: RoundTrips[]; uncounted: string[] }> {
  const sqld = await startSqld();
  const proxy = await startCountingProxy(sqld.url);
  const blobs = await startBlobs();
  try {
    const results = await withSeededDatabase(proxy.url, async (db) => {
      const { send, results } = counter(proxy, await handlersByPath());
      await callEverything(db, send);
      return results;
    });
    const counted = new Set(results.map((row) => row.endpoint));
    const uncounted = ENDPOINTS.filter(({ endpoint }) => !counted.has(endpoint)).map(
      ({ endpoint }) => `${endpoint.method} ${endpoint.path}`,
    );
    return { rows: results, uncounted };
  } finally {
    await blobs.stop();
    await proxy.stop();
    await sqld.stop();
  }
}

export function printRoundTrips({ rows, uncounted }: { rows: RoundTrips[]; uncounted: string[] }): void {
  console.table(
    rows.map((row) => ({
      call: row.call,
      kind: row.kind,
      'round trips': row.requests,
      target: `<= ${row.target}`,
      verdict: row.requests <= row.target ? 'holds' : 'MISSED',
    })),
  );
  const missed = rows.filter((row) => row.requests > row.target);
  console.log(
    missed.length
      ? `Round trips: ${missed.length} of ${rows.length} calls over their target: ${missed.map((row) => row.call).join('; ')}`
      : `Round trips: all ${rows.length} calls within their targets.`,
  );
  if (uncounted.length) console.log(`  Calls of the contract not counted: ${uncounted.join(', ')}`);
}
