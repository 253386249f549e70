import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import twoFactorStatus from '../../netlify/functions/account-two-factor-status';
import loginLink from '../../netlify/functions/auth-login-link';
import session from '../../netlify/functions/auth-session';
import customers from '../../netlify/functions/customers-list-create';
import updateMember from '../../netlify/functions/team-member-update';
import twoFactorPolicy from '../../netlify/functions/team-two-factor-read-save';
import { LAST_ADMIN } from '../../netlify/lib/admin-users';
import { hashToken } from '../../netlify/lib/tokens';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { joinTeam } from '../helpers/team';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
let adminId: number;
beforeAll(async () => {
  const db = await getDb();
  cookie = await signIn();
  const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [TEST_ADMIN.email] });
  adminId = Number(rows[0]!.id);
});

let joined = 0;
/** A dispatcher of the calling test's own: the tests change roles and status, in any order. */
async function newMember() {
  const db = await getDb();
  const email = `member-${++joined}@nec-cargo.example`;
  const password = 'a member of the team signs in';
  await joinTeam(db, cookie, email, 'dispatcher', password);
  const { rows } = await db.execute({ sql: 'SELECT id FROM admin_users WHERE email = ?', args: [email] });
  return { email, password, id: Number(rows[0]!.id) };
}

const change = (id: number, body: unknown, as = cookie) =>
  call(updateMember, apiRequest(`/api/team/members/${id}`, { method: 'PATCH', json: body, headers: withSession(as) }), {
    memberId: String(id),
  });
const whoAmI = (as: string) => call(session, apiRequest('/api/admin/session', { headers: withSession(as) }));

/** How many entries of `action` there are, about the staff member `id` when given. */
async function actions(action: string, id?: number) {
  const { rows } = await (await getDb()).execute({
    sql: `SELECT count(*) AS n FROM activity_log WHERE action = ?${id === undefined ? '' : ' AND subject_id = ?'}`,
    args: id === undefined ? [action] : [action, String(id)],
  });
  return Number(rows[0]!.n);
}

describe('team members', () => {
  it('change role at once, and the last active admin can be neither demoted nor deactivated', async () => {
    const member = await newMember();
    const memberId = member.id;
    const memberCookie = await signIn(member);
    const changed = await change(memberId, { role: 'viewer' });
    expect(changed).toMatchObject({ status: 200, body: { data: { role: 'viewer', email: member.email } } });
    expect((await whoAmI(memberCookie)).body.user.role).toBe('viewer');
    expect(await actions('staff_role_changed', memberId)).toBe(1);
    expect((await change(memberId, { role: 'viewer' })).status).toBe(200);
    expect(await actions('staff_role_changed', memberId)).toBe(1);

    const demoted = await change(adminId, { role: 'dispatcher' });
    expect(demoted).toMatchObject({ status: 409, body: { message: LAST_ADMIN, errors: { role: [LAST_ADMIN] } } });
    const deactivated = await change(adminId, { status: 'deactivated' });
    expect(deactivated).toMatchObject({ status: 409, body: { errors: { status: [LAST_ADMIN] } } });
    expect((await whoAmI(cookie)).body.user.role).toBe('admin');
    expect((await change(memberId, { role: 'owner' })).body.errors).toHaveProperty('role');
    expect((await change(memberId, {})).status).toBe(422);
    expect((await change(999999, { role: 'viewer' })).status).toBe(404);
  });

  it('leave one admin when the last two are demoted at once', async () => {
    const db = await getDb();
    const memberId = (await newMember()).id;
    expect((await change(memberId, { role: 'admin' })).status).toBe(200);
    // Put back whatever happens: the other tests sign in as this admin.
    onTestFinished(async () => {
      await db.execute({ sql: "UPDATE admin_users SET role = 'admin' WHERE id = ?", args: [adminId] });
      await db.execute({ sql: "UPDATE admin_users SET role = 'dispatcher' WHERE id = ?", args: [memberId] });
    });
    const [first, second] = await Promise.all([
      change(adminId, { role: 'viewer' }),
      change(memberId, { role: 'viewer' }),
    ]);
    // One lands. The other is refused as the last admin's demotion (409), or, when the caller's own demotion
    // landed before its session was checked, as no longer an admin's call (403).
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const { rows } = await db.execute(
      "SELECT count(*) AS n FROM admin_users WHERE role = 'admin' AND status = 'active'",
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  // Three sign-ins, each a password hash: slow on a busy machine.
  it('deactivated: sessions end at once, neither password nor emailed link signs in; reactivated: signs in again', {
    timeout: 60_000,
  }, async () => {
    const db = await getDb();
    const member = await newMember();
    const memberId = member.id;
    const memberCookie = await signIn(member);
    const token = 'a-sign-in-link-token-for-the-member';
    await db.execute({
      sql: `INSERT INTO sign_in_links (token_hash, user_id, remember, created_at, expires_at)
            VALUES (?, ?, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+15 minutes'))`,
      args: [hashToken(token), memberId],
    });
    const off = await change(memberId, { status: 'deactivated' });
    expect(off).toMatchObject({ status: 200, body: { data: { status: 'deactivated' } } });
    expect((await whoAmI(memberCookie)).status).toBe(401);
    const { rows } = await db.execute({
      sql: 'SELECT count(*) AS n FROM sessions WHERE user_id = ?',
      args: [memberId],
    });
    expect(Number(rows[0]!.n)).toBe(0);
    await expect(signIn(member)).rejects.toThrow(/401/);
    const link = await call(loginLink, apiRequest('/api/admin/login/link', { json: { token } }));
    expect(link.status).toBe(401);
    expect(link.headers.get('set-cookie')).toBeNull();
    expect(await actions('staff_deactivated', memberId)).toBe(1);

    expect((await change(memberId, { status: 'active' })).body.data.status).toBe('active');
    expect(await actions('staff_reactivated', memberId)).toBe(1);
    expect((await whoAmI(await signIn(member))).status).toBe(200);
  });

  it('two-factor required for a role: its members without it may only set it up', async () => {
    const db = await getDb();
    const member = await newMember();
    const memberId = member.id;
    const setPolicy = (json: Record<string, boolean>) =>
      call(twoFactorPolicy, apiRequest('/api/team/two-factor', { method: 'PUT', json, headers: withSession(cookie) }));
    const policy = { admin: false, dispatcher: true, driver: false, viewer: false };
    const earlier = await actions('two_factor_policy_changed');
    const saved = await setPolicy(policy);
    // Put back whatever happens: the other tests' dispatchers work without a second factor.
    onTestFinished(async () => {
      await setPolicy({ ...policy, dispatcher: false });
    });
    expect(saved).toMatchObject({ status: 200, body: { data: policy } });
    expect(await actions('two_factor_policy_changed')).toBe(earlier + 1);

    const memberCookie = await signIn(member);
    expect((await whoAmI(memberCookie)).body.user).toMatchObject({ role: 'dispatcher', two_factor_required: true });
    const refused = await call(customers, apiRequest('/api/customers', { headers: withSession(memberCookie) }));
    expect(refused).toMatchObject({ status: 403, body: { code: 'TWO_FACTOR_REQUIRED' } });
    const status = await call(
      twoFactorStatus,
      apiRequest('/api/account/two-factor', { headers: withSession(memberCookie) }),
    );
    expect(status.status).toBe(200);
    expect((await call(customers, apiRequest('/api/customers', { headers: withSession(cookie) }))).status).toBe(200);

    await db.execute({
      sql: `INSERT INTO admin_two_factor (user_id, secret, enabled_at) VALUES (?, 'SECRET', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      args: [memberId],
    });
    expect((await whoAmI(memberCookie)).body.user.two_factor_required).toBe(false);
    expect((await call(customers, apiRequest('/api/customers', { headers: withSession(memberCookie) }))).status).toBe(
      200,
    );
  });
});
