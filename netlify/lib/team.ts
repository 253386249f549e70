import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { MEMBER_NOT_FOUND } from '@/lib/api/team';
import { ROLE_LABELS, type Role } from '@/lib/roles';
import { type Invitation, type StaffMember, type StaffStatus, staffMemberSchema } from '@/lib/schemas/team';
import { type StaffUser, subjectActivity } from './activity';
import { LAST_ADMIN, memberChangeStatement } from './admin-users';
import { HttpError } from './http';
import { invitationRow, pendingInvitationsRead } from './invitations';
import { decodeFirst, decodeRows } from './rows';
import { endSessionsOfDeactivated } from './sessions';

/**
 * The team (admin only): the accounts as the Team screen lists them, with their pending invitations
 * (invitations.ts), and the changes of a member's role or status, each with its activity entry in its
 * batch. The last active admin keeps the role and stays active (admin-users.ts writes the guard).
 */

const iso = (time: number) => new Date(time).toISOString();

const SELECT_MEMBER = `SELECT u.id, u.email, u.name, u.role, u.status, u.created_at,
    EXISTS (SELECT 1 FROM admin_two_factor t WHERE t.user_id = u.id AND t.secret IS NOT NULL) AS two_factor,
    (SELECT max(a.created_at) FROM activity_log a WHERE a.user_id = u.id AND a.action = 'login') AS last_sign_in_at
  FROM admin_users u`;
const memberRow = staffMemberSchema.extend({
  two_factor: z
    .number()
    .int()
    .transform((value) => value === 1),
});

/** Every account (active ones first, by name) and every pending invitation (newest first). */
export async function listTeam(
  db: Client,
  now = Date.now(),
): Promise<{ members: StaffMember[]; invitations: Invitation[] }> {
  const [members, invitations] = await db.batch(
    [
      `${SELECT_MEMBER} ORDER BY u.status = 'deactivated', lower(coalesce(u.name, u.email))`,
      pendingInvitationsRead(now),
    ],
    'read',
  );
  return {
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement
    members: decodeRows(memberRow, members!.rows),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement
    invitations: decodeRows(invitationRow, invitations!.rows),
  };
}

/** The read of the member a path names, for the staff call's first round trip. */
export const memberReads = (id: number): InStatement[] => [{ sql: `${SELECT_MEMBER} WHERE u.id = ?`, args: [id] }];

const conflict = (message: string, field: string) => new HttpError(409, message, { errors: { [field]: [message] } });

type MemberChange = { role: Role } | { status: StaffStatus };

/**
 * Changes a member's role or status (the member read by `memberReads`). A deactivation ends their
 * sessions in the same batch. Changing nothing answers the member as they are; a change that would
 * leave no active admin writes nothing and answers 409.
 */
export async function changeMember(
  db: Client,
  found: ResultSet | undefined,
  change: MemberChange,
  actor: StaffUser,
  now = Date.now(),
): Promise<StaffMember> {
  const member = decodeFirst(memberRow, found?.rows ?? []);
  if (!member) throw new HttpError(404, MEMBER_NOT_FOUND);
  const at = iso(now);
  const [action, details] =
    'role' in change
      ? ([
          'staff_role_changed',
          `${member.email}: role ${ROLE_LABELS[member.role]} → ${ROLE_LABELS[change.role]}`,
        ] as const)
      : change.status === 'deactivated'
        ? (['staff_deactivated', `${member.email} deactivated`] as const)
        : (['staff_reactivated', `${member.email} reactivated`] as const);
  const results = await db.batch(
    [
      memberChangeStatement(member.id, change, at),
      subjectActivity(actor, action, { type: 'staff', id: String(member.id) }, details, at, { onlyIfChanged: true }),
      ...('status' in change && change.status === 'deactivated' ? endSessionsOfDeactivated(member.id) : []),
      ...memberReads(member.id),
    ],
    'write',
  );
  const current = decodeFirst(memberRow, results.at(-1)?.rows ?? []);
  if (!current) throw new HttpError(404, MEMBER_NOT_FOUND);
  const wanted = 'role' in change ? current.role === change.role : current.status === change.status;
  if (!results[0]?.rows.length && !wanted) throw conflict(LAST_ADMIN, 'role' in change ? 'role' : 'status');
  return current;
}
