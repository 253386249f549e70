import type { Client } from '@libsql/client';
import accept from '../../netlify/functions/team-invitation-accept';
import invite from '../../netlify/functions/team-invite';
import { withSession } from './admin-session';
import { apiRequest, call } from './requests';

/** What the team tests share: inviting through the real function, and the link's token read from the outbox. */

export const inviteAs = (cookie: string, body: unknown) =>
  call(invite, apiRequest('/api/team/invitations', { json: body, headers: withSession(cookie) }));

/** The token of the newest invitation email to this address, as the link in it carries it. */
export async function invitationToken(db: Client, email: string): Promise<string> {
  const { rows } = await db.execute({
    sql: "SELECT payload FROM outbox WHERE kind = 'staff_invitation' AND recipient = ? ORDER BY id DESC LIMIT 1",
    args: [email],
  });
  if (!rows[0]) throw new Error(`No invitation email to ${email}`);
  return JSON.parse(String(rows[0].payload)).token;
}

export const acceptAs = (token: string, password: string, name = 'New Colleague') =>
  call(
    accept,
    apiRequest('/api/team/invitation/accept', {
      json: { token, name, password, confirm_password: password },
    }),
  );

/** Invites the email with the role and accepts the invitation: a staff member who can sign in with `password`. */
export async function joinTeam(db: Client, cookie: string, email: string, role: string, password: string) {
  const invited = await inviteAs(cookie, { email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const accepted = await acceptAs(await invitationToken(db, email), password);
  if (accepted.status !== 201) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
}
