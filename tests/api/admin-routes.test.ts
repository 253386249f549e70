import { beforeAll, describe, expect, it } from 'vitest';
import apiKeys from '../../netlify/functions/api-keys-list-create';
import apiKeyRevoke from '../../netlify/functions/api-keys-revoke';
import { setAdminPassword } from '../../netlify/lib/admin-users';
import { hashToken } from '../../netlify/lib/tokens';
import { ROLE_LABELS, ROLES, type Role } from '../../src/lib/roles';
import { signIn, withSession } from '../helpers/admin-session';
import { useBlobsServer } from '../helpers/blobs-server';
import { apiRequest, call } from '../helpers/requests';
import {
  functionFiles,
  prepareStaffSamples,
  publicFunctions,
  STAFF_SAMPLES,
  type StaffCall,
  sampleRequest,
  scheduledFunctions,
  staffCalls,
} from '../helpers/staff-calls';
import { useTestDatabase } from '../helpers/test-db';

// Every staff call of the contract, each with its function and a valid request (tests/helpers/staff-calls.ts):
// without a valid session or key each answers 401 and changes nothing; with one it succeeds.

const getDb = useTestDatabase({ seed: true });
// The proof of delivery's calls keep its images in Netlify Blobs.
useBlobsServer();
const calls = staffCalls();

/**
 * The functions anyone may call: the public lookups and reveal, quote requests, email alert links,
 * signing in (both steps, or by an emailed link) or out, a password reset by email, an invitation link's page, and
 * booking a pickup and its emailed link's page.
 * Written out so that a call turned public by mistake fails here rather than leaving the checks below unnoticed.
 */
const PUBLIC_FUNCTIONS = [
  'tracking-lookup',
  'tracking-batch',
  'tracking-reveal',
  'quotes-create',
  'auth-login',
  'auth-login-two-factor',
  'auth-login-link',
  'auth-logout',
  'auth-password-forgot',
  'auth-password-reset-check',
  'auth-password-reset',
  'alerts-subscribe',
  'alerts-confirm',
  'alerts-unsubscribe',
  'team-invitation-read',
  'team-invitation-accept',
  'delivery-requests-create',
  'proofs-revealed-image',
  'quote-offer-read',
  'quote-offer-accept',
  'pickups-create',
  'pickup-link-read',
  'pickup-link-cancel',
  'pickup-link-move',
];

const send = (staffCall: StaffCall, headers: HeadersInit = {}) =>
  call(staffCall.handler, sampleRequest(staffCall, headers), staffCall.params);

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
            (SELECT count(*) FROM gazetteer) AS g, (SELECT max(updated_at) FROM gazetteer) AS gu,
            (SELECT count(*) FROM staff_invitations) AS i, (SELECT max(ended_at) FROM staff_invitations) AS ie,
            (SELECT max(expires_at) FROM staff_invitations) AS ix`,
  );
  return rows[0];
}

let expired: string;
let idle: string;
let valid: string;
let revokedKey: string;
/** A signed-in session of each role but admin (the seeded account). */
const sessionOf = new Map<Role, string>();
// About ten sign-ins and password hashes, each deliberately slow: more than the default 30 s on a busy machine.
beforeAll(async () => {
  const db = await getDb();
  for (const role of ROLES.filter((candidate) => candidate !== 'admin')) {
    const member = { email: `${role}@nec-cargo.example`, password: `a ${role} signs in with this` };
    await setAdminPassword(db, member.email, member.password);
    await db.execute({ sql: 'UPDATE admin_users SET role = ? WHERE email = ?', args: [role, member.email] });
    sessionOf.set(role, await signIn(member));
  }
  // After the accounts: the driver's sample stop goes on the driver's run.
  await prepareStaffSamples(db);
  // The expired and idle sessions are another staff member's: ending the signed-in member's other sessions
  // (a call checked below) leaves them as they are, whichever check runs first.
  const colleague = { email: 'colleague@nec-cargo.example', password: 'another correct horse battery' };
  await setAdminPassword(db, colleague.email, colleague.password);
  expired = await signIn(colleague);
  await db.execute({
    sql: "UPDATE sessions SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 minutes') WHERE token_hash = ?",
    args: [hashToken(expired.split('=')[1]!)],
  });
  idle = await signIn(colleague);
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
}, 180_000);

describe('the staff calls of the contract', () => {
  it('are every call but those of the public functions listed here', () => {
    expect(publicFunctions().sort()).toEqual([...PUBLIC_FUNCTIONS].sort());
    const covered = new Set(calls.map(({ file }) => file));
    expect(
      functionFiles()
        .filter((file) => !covered.has(file))
        .sort(),
    ).toEqual([...PUBLIC_FUNCTIONS, ...scheduledFunctions()].sort());
  });

  it('each need a sample request naming what they need, and no sample names a call that does not exist', () => {
    const { 'POST /api/customers': _, ...withoutBody } = STAFF_SAMPLES;
    expect(() => staffCalls(withoutBody)).toThrow(/^POST \/api\/customers: needs a sample body$/m);
    const { 'GET /api/customers/:id': __, ...withoutId } = STAFF_SAMPLES;
    expect(() => staffCalls(withoutId)).toThrow(/^GET \/api\/customers\/:id: needs a sample value for id$/m);
    expect(() => staffCalls({ ...STAFF_SAMPLES, 'GET /api/nowhere': {} })).toThrow(
      /^GET \/api\/nowhere: a sample for no staff call/m,
    );
  });
});

describe('every staff call', () => {
  const cases = calls.flatMap((staffCall) =>
    [
      ['no cookie', () => ({})],
      ['a forged cookie', () => ({ Cookie: '__Host-session=Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3VlZC0xMjM0' })],
      ['an empty cookie', () => ({ Cookie: '__Host-session=' })],
      ['an expired session', () => ({ Cookie: expired })],
      ['an idle session', () => ({ Cookie: idle })],
    ].map(([label, headers]) => [`${staffCall.route} with ${label as string}`, staffCall, headers] as const),
  );

  it.each(cases)('%s answers 401 and changes nothing', async (_, staffCall, headers) => {
    const before = await snapshot();
    const { status, body, headers: answer } = await send(staffCall, (headers as () => HeadersInit)());
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message: 'Authentication required' });
    expect(answer.get('content-type')).toMatch(/^application\/json/);
    expect(answer.get('cache-control')).toBe('no-store');
    expect(answer.get('x-content-type-options')).toBe('nosniff');
    expect(await snapshot()).toEqual(before);
  });

  // The calls a device may make take `Authorization: Bearer <key>` instead of a session: a forged,
  // malformed or revoked key is refused the same way, even with a valid session cookie beside it.
  const keyCalls = calls.filter(({ endpoint }) => endpoint.access === 'session-or-key');

  it('accepts device keys on exactly the status, location and scan calls', () => {
    expect(keyCalls.map(({ file }) => file).sort()).toEqual([
      'scans-create',
      'shipments-update-location',
      'shipments-update-status',
    ]);
  });

  const keyCases = keyCalls.flatMap((staffCall) =>
    [
      ['a forged key', () => `Bearer nec_${'Q'.repeat(43)}`],
      ['a malformed key', () => 'Bearer not-a-key'],
      ['a revoked key', () => `Bearer ${revokedKey}`],
      ['another scheme', () => 'Basic c3RhZmY6cGFzcw=='],
    ].map(([label, header]) => [`${staffCall.route} with ${label as string}`, staffCall, header] as const),
  );

  it.each(keyCases)('%s answers 401 and changes nothing', async (_, staffCall, header) => {
    const before = await snapshot();
    const { status, body } = await send(staffCall, withSession(valid, { Authorization: (header as () => string)() }));
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', message: 'Authentication required' });
    expect(await snapshot()).toEqual(before);
  });

  const unsafe = calls.filter(({ endpoint }) => endpoint.method !== 'GET');

  it.each(unsafe.map((staffCall) => [staffCall.route, staffCall] as const))(
    '%s refuses cross-site requests with 403, even signed in',
    async (_, staffCall) => {
      const before = await snapshot();
      for (const [header, value] of [
        ['Sec-Fetch-Site', 'cross-site'],
        ['Origin', 'https://evil.example'],
      ] as const) {
        const crossSite = sampleRequest(staffCall, withSession(valid));
        crossSite.headers.set(header, value);
        const { status, body } = await call(staffCall.handler, crossSite, staffCall.params);
        expect(status).toBe(403);
        expect(body).toEqual({ status: 'error', message: 'Cross-site requests are not allowed' });
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(unsafe.map((staffCall) => [staffCall.route, staffCall] as const))(
    '%s needs Content-Type: application/json (415) and well-formed JSON (400)',
    async (_, staffCall) => {
      const before = await snapshot();
      // A form with files (the proof's upload) is refused as JSON and when its form is malformed.
      const type = staffCall.endpoint.accepts ? `${staffCall.endpoint.accepts}; boundary=matrix` : 'application/json';
      // The body is read only for a role the call allows: the first it names when that is not the admin's.
      const { roles } = staffCall.endpoint;
      const session = roles && !roles.includes('admin') ? sessionOf.get(roles[0]!)! : valid;
      const sendRaw = (body: string, type: string) =>
        call(
          staffCall.handler,
          apiRequest(staffCall.path, {
            method: staffCall.endpoint.method,
            body,
            headers: withSession(session, {
              'Content-Type': type,
              Origin: 'http://localhost:8888',
              'Sec-Fetch-Site': 'same-origin',
            }),
          }),
          staffCall.params,
        );
      expect((await sendRaw(JSON.stringify(staffCall.body), 'text/plain')).status).toBe(415);
      if (staffCall.endpoint.accepts) expect((await sendRaw('{}', 'application/json')).status).toBe(415);
      expect((await sendRaw('{"a":', type)).status).toBe(400);
      expect((await sendRaw('x'.repeat(staffCall.bodyLimit + 6000), type)).status).toBe(413);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(calls.map((staffCall) => [staffCall.route, staffCall] as const))(
    '%s answers 405 with Allow for another method',
    async (_, staffCall) => {
      // A method that no call of the same function at this path takes.
      const taken = staffCall.handler.endpoints
        .filter(({ path }) => path === staffCall.endpoint.path)
        .map(({ method }) => method);
      const method = ['DELETE', 'PATCH', 'PUT', 'POST'].find((candidate) => !taken.includes(candidate as never))!;
      const { status, headers, body } = await call(
        staffCall.handler,
        apiRequest(staffCall.path, { method, headers: withSession(valid) }),
        staffCall.params,
      );
      expect(status).toBe(405);
      expect(headers.get('allow')?.split(', ')).toContain(staffCall.endpoint.method);
      expect(body.status).toBe('error');
    },
  );

  it.each(calls.map((staffCall) => [staffCall.route, staffCall] as const))(
    '%s succeeds with a valid session',
    async (_, staffCall) => {
      const { status } = await send(staffCall, withSession(valid));
      expect(staffCall.answers).toContain(status);
    },
  );
});

describe('every staff call, for each role', () => {
  const cases = calls.flatMap((staffCall) =>
    ROLES.filter((role) => role !== 'admin').map((role) => [`${staffCall.route} as ${role}`, staffCall, role] as const),
  );

  it.each(cases)(
    '%s: refused with 403 and nothing changed unless the contract names the role',
    async (_, staffCall, role) => {
      const before = await snapshot();
      const { status, body } = await send(staffCall, withSession(sessionOf.get(role)!));
      if (staffCall.endpoint.roles?.includes(role)) {
        expect(status, JSON.stringify(body)).not.toBe(403);
        expect(status).not.toBe(401);
        return;
      }
      expect(status).toBe(403);
      expect(body).toEqual({ status: 'error', message: `Your role (${ROLE_LABELS[role]}) does not allow this call.` });
      expect(await snapshot()).toEqual(before);
    },
  );
});
