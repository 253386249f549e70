import { beforeAll, describe, expect, it } from 'vitest';
import accept from '../../netlify/functions/team-invitation-accept';
import readInvitation from '../../netlify/functions/team-invitation-read';
import resend from '../../netlify/functions/team-invitation-resend';
import revoke from '../../netlify/functions/team-invitation-revoke';
import team from '../../netlify/functions/team-list';
import { INVITATION_MESSAGES } from '../../src/lib/sign-in';
import { signIn, withSession } from '../helpers/admin-session';
import { apiRequest, call } from '../helpers/requests';
import { acceptAs, invitationToken, inviteAs } from '../helpers/team';
import { TEST_ADMIN, useTestDatabase } from '../helpers/test-db';

const getDb = useTestDatabase({ seed: true });
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

const PASSWORD = 'a new colleague passphrase';
const read = (token: string) => call(readInvitation, apiRequest('/api/team/invitation', { json: { token } }));
const onInvitation = (handler: typeof resend, id: number, action: string) =>
  call(handler, apiRequest(`/api/team/invitations/${id}/${action}`, { json: {}, headers: withSession(cookie) }), {
    invitationId: String(id),
  });

async function count(sql: string, args: string[] = []) {
  const { rows } = await (await getDb()).execute({ sql, args });
  return Number(rows[0]![0]);
}
const accounts = (email: string) => count('SELECT count(*) FROM admin_users WHERE email = ?', [email]);

describe('inviting staff', () => {
  it('mails a single-use link through the outbox; accepting it makes the account with the invited role', async () => {
    const db = await getDb();
    const email = 'desk@nec-cargo.example';
    const invited = await inviteAs(cookie, { email: 'Desk@NEC-cargo.example', role: 'dispatcher' });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email, role: 'dispatcher', invited_by_email: TEST_ADMIN.email });
    const token = await invitationToken(db, email);
    const { rows } = await db.execute({ sql: 'SELECT * FROM staff_invitations WHERE email = ?', args: [email] });
    expect(JSON.stringify(rows)).not.toContain(token);
    const listed = await call(team, apiRequest('/api/team', { headers: withSession(cookie) }));
    // The other tests of this file invite others, in any order: this one's own invitation and entries.
    expect(listed.body.data.invitations).toContainEqual(expect.objectContaining({ email, expired: false }));
    expect(
      await count("SELECT count(*) FROM activity_log WHERE action = 'staff_invited' AND details LIKE ?", [
        `%${email}%`,
      ]),
    ).toBe(1);

    expect((await read(token)).body.data).toMatchObject({ email, role: 'dispatcher' });
    const accepted = await acceptAs(token, PASSWORD, 'Dana Desk');
    expect(accepted).toMatchObject({ status: 201, body: { data: { email } } });
    const member = (await call(team, apiRequest('/api/team', { headers: withSession(cookie) }))).body.data;
    expect(member.invitations).not.toContainEqual(expect.objectContaining({ email }));
    expect(member.members).toContainEqual(
      expect.objectContaining({ email, name: 'Dana Desk', role: 'dispatcher', status: 'active', two_factor: false }),
    );
    const { rows: entries } = await db.execute({
      sql: "SELECT actor_email, subject_type FROM activity_log WHERE action = 'invitation_accepted' AND actor_email = ?",
      args: [email],
    });
    expect(entries.map((row) => ({ ...row }))).toEqual([{ actor_email: email, subject_type: 'staff' }]);
    await signIn({ email, password: PASSWORD });

    expect(await acceptAs(token, PASSWORD)).toMatchObject({
      status: 410,
      body: { message: INVITATION_MESSAGES.accepted },
    });
    expect(await read(token)).toMatchObject({ status: 410, body: { message: INVITATION_MESSAGES.accepted } });
  });

  it('refuses an email that has an account or a pending invitation, and a role that does not exist', async () => {
    const before = await count('SELECT count(*) FROM staff_invitations');
    const taken = await inviteAs(cookie, { email: TEST_ADMIN.email.toUpperCase(), role: 'viewer' });
    expect(taken).toMatchObject({ status: 409, body: { errors: { email: [expect.stringMatching(/account/)] } } });
    expect((await inviteAs(cookie, { email: 'twice@nec-cargo.example', role: 'viewer' })).status).toBe(201);
    const twice = await inviteAs(cookie, { email: 'twice@nec-cargo.example', role: 'driver' });
    expect(twice).toMatchObject({ status: 409, body: { errors: { email: [expect.stringMatching(/resend/)] } } });
    const role = await inviteAs(cookie, { email: 'owner@nec-cargo.example', role: 'owner' });
    expect(role).toMatchObject({ status: 422, body: { errors: { role: [expect.any(String)] } } });
    const email = await inviteAs(cookie, { email: 'not an email', role: 'viewer' });
    expect(email).toMatchObject({ status: 422, body: { errors: { email: [expect.any(String)] } } });
    expect(await count('SELECT count(*) FROM staff_invitations')).toBe(before + 1);
  });

  it('answers forged, expired, revoked and replaced links with words, and makes no account', async () => {
    const db = await getDb();
    expect(await read('forged-token-that-was-never-sent')).toMatchObject({
      status: 404,
      body: { message: INVITATION_MESSAGES.notValid },
    });
    expect((await acceptAs('forged-token-that-was-never-sent', PASSWORD)).status).toBe(404);

    const late = (await inviteAs(cookie, { email: 'late@nec-cargo.example', role: 'viewer' })).body.data;
    await db.execute({
      sql: "UPDATE staff_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?",
      args: [late.id],
    });
    const lateToken = await invitationToken(db, late.email);
    expect(await acceptAs(lateToken, PASSWORD)).toMatchObject({
      status: 410,
      body: { message: INVITATION_MESSAGES.expired },
    });
    const listed = (await call(team, apiRequest('/api/team', { headers: withSession(cookie) }))).body.data;
    expect(listed.invitations).toContainEqual(expect.objectContaining({ email: late.email, expired: true }));

    const resent = await onInvitation(resend, late.id, 'resend');
    expect(resent.status).toBe(200);
    expect(Date.parse(resent.body.data.expires_at)).toBeGreaterThan(Date.now() + 71 * 3600_000);
    const newToken = await invitationToken(db, late.email);
    expect(newToken).not.toBe(lateToken);
    expect((await read(lateToken)).status).toBe(404);
    expect((await read(newToken)).status).toBe(200);

    expect((await onInvitation(revoke, late.id, 'revoke')).status).toBe(200);
    expect(await acceptAs(newToken, PASSWORD)).toMatchObject({
      status: 410,
      body: { message: INVITATION_MESSAGES.revoked },
    });
    expect((await onInvitation(revoke, late.id, 'revoke')).status).toBe(404);
    expect((await onInvitation(resend, late.id, 'resend')).status).toBe(404);
    expect(await accounts(late.email)).toBe(0);
    const actions = await db.execute(
      "SELECT action FROM activity_log WHERE subject_type = 'invitation' AND subject_id = ? ORDER BY id",
      [String(late.id)],
    );
    expect(actions.rows.map((row) => row.action)).toEqual(['staff_invited', 'invitation_resent', 'invitation_revoked']);
  });

  it('refuses a weak password, a mismatched confirmation and control characters, naming the field', async () => {
    const db = await getDb();
    await inviteAs(cookie, { email: 'weak@nec-cargo.example', role: 'driver' });
    const token = await invitationToken(db, 'weak@nec-cargo.example');
    expect((await acceptAs(token, 'short')).body.errors).toHaveProperty('password');
    expect((await acceptAs(token, 'password1234')).body.errors).toHaveProperty('password');
    const mismatched = await call(
      accept,
      apiRequest('/api/team/invitation/accept', {
        json: { token, name: 'W', password: PASSWORD, confirm_password: `${PASSWORD}!` },
      }),
    );
    expect(mismatched).toMatchObject({ status: 422, body: { errors: { confirm_password: [expect.any(String)] } } });
    expect((await acceptAs(token, PASSWORD, 'Bad\u0007Name')).body.errors).toHaveProperty('name');
    expect(await accounts('weak@nec-cargo.example')).toBe(0);
    expect((await read(token)).status).toBe(200);
  });

  it('makes exactly one account when the same invitation is accepted 20 times at once', async () => {
    const db = await getDb();
    await inviteAs(cookie, { email: 'race@nec-cargo.example', role: 'viewer' });
    const token = await invitationToken(db, 'race@nec-cargo.example');
    const answers = await Promise.all(Array.from({ length: 20 }, () => acceptAs(token, PASSWORD)));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409 || status === 410)).toBe(true);
    expect(await accounts('race@nec-cargo.example')).toBe(1);
    expect(
      await count("SELECT count(*) FROM activity_log WHERE action = 'invitation_accepted' AND actor_email = ?", [
        'race@nec-cargo.example',
      ]),
    ).toBe(1);
  });
});
