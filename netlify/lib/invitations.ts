import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { INVITATION_NOT_FOUND } from '@/lib/api/team';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/roles';
import { type Invitation, type InvitationAccept, invitationSchema } from '@/lib/schemas/team';
import { INVITATION_MESSAGES } from '@/lib/sign-in';
import { COMMON_PASSWORD } from './account';
import { invitationAcceptedActivity, type StaffUser, subjectActivity } from './activity';
import { invitedAccountStatement } from './admin-users';
import { isCommonPassword } from './common-passwords';
import { DEFAULT_ADMIN_PASSWORD } from './env';
import { HttpError, invalidInput } from './http';
import { invitationMail } from './outbox';
import { hashPassword } from './password';
import { decodeFirst } from './rows';
import { hashToken, newToken } from './tokens';

/**
 * Staff invitations, the one writer of `staff_invitations`: an invitation is a 256-bit token of which
 * only the hash is kept, emailed through the outbox; it works once, within 72 hours, and makes the
 * account with the invited role. Every admin write is an activity entry in its own batch.
 */

const iso = (time: number) => new Date(time).toISOString();
const conflictOn = (field: string, message: string) => new HttpError(409, message, { errors: { [field]: [message] } });
const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** How long an acceptance holds its invitation while the password is hashed. */
const CLAIM_MS = 60 * 1000;
const ACCOUNT_EXISTS = 'A staff account with this email exists already';
const INVITATION_PENDING = 'An invitation to this email is waiting to be accepted: resend or revoke it';
const BEING_ACCEPTED = 'This invitation is being accepted in another window. Wait a moment, then sign in.';
const ACCOUNT_MADE = 'An account with this email exists already: sign in with your email and password.';

/** `expired` is computed against `?`, the time of the read. */
const SELECT_INVITATION = `SELECT id, email, role, invited_by_email, created_at, expires_at, expires_at <= ? AS expired
  FROM staff_invitations`;
export const invitationRow = invitationSchema.extend({
  expired: z
    .number()
    .int()
    .transform((value) => value === 1),
});

/** The pending invitations, newest first (`expired` as of `now`). */
export const pendingInvitationsRead = (now: number): InStatement => ({
  sql: `${SELECT_INVITATION} WHERE state = 'pending' ORDER BY created_at DESC, id DESC`,
  args: [iso(now)],
});

/** The read of a pending invitation a path names, for the staff call's first round trip. */
export const invitationReads = (id: number): InStatement[] => [
  { sql: `${SELECT_INVITATION} WHERE id = ? AND state = 'pending'`, args: [iso(Date.now()), id] },
];

/**
 * Invites an email with a role: the invitation and its email in one batch. Refused (409 naming `email`)
 * when an account has the email, or an invitation to it is pending (one unique index decides between
 * parallel invitations).
 */
export async function inviteStaff(
  db: Client,
  { email, role }: { email: string; role: Role },
  actor: StaffUser,
  now = Date.now(),
): Promise<Invitation> {
  const address = email.toLowerCase();
  const token = newToken();
  const tokenHash = hashToken(token);
  const at = iso(now);
  const expires = iso(now + INVITATION_TTL_MS);
  let results: ResultSet[];
  try {
    results = await db.batch(
      [
        {
          sql: `INSERT INTO staff_invitations (email, role, token_hash, invited_by, invited_by_email, created_at, expires_at)
                SELECT ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM admin_users WHERE email = ?)`,
          args: [address, role, tokenHash, actor.id, actor.email, at, expires, address],
        },
        subjectActivity(
          actor,
          'staff_invited',
          { type: 'invitation', idSql: 'SELECT id FROM staff_invitations WHERE token_hash = ?', args: [tokenHash] },
          `Invited ${address} as ${ROLE_LABELS[role]}`,
          at,
          { onlyIfChanged: true },
        ),
        invitationMail(tokenHash, { token, invited_by: actor.email, expires_at: expires }, at),
        { sql: `${SELECT_INVITATION} WHERE token_hash = ?`, args: [at, tokenHash] },
      ],
      'write',
    );
  } catch (error) {
    if (
      error instanceof Error &&
      /UNIQUE constraint failed: staff_invitations\.email/.test(`${error.message} ${error.cause}`)
    ) {
      throw conflictOn('email', INVITATION_PENDING);
    }
    throw error;
  }
  const invitation = decodeFirst(invitationRow, results[3]?.rows ?? []);
  if (!invitation) throw conflictOn('email', ACCOUNT_EXISTS);
  return invitation;
}

/** The invitation the call's read found, or 404. */
function foundOr404(found: ResultSet | undefined): Invitation {
  const invitation = decodeFirst(invitationRow, found?.rows ?? []);
  if (!invitation) throw new HttpError(404, INVITATION_NOT_FOUND);
  return invitation;
}

/** Emails a pending invitation again with a new link (new 72 hours); the old link stops working. */
export async function resendInvitation(
  db: Client,
  found: ResultSet | undefined,
  actor: StaffUser,
  now = Date.now(),
): Promise<Invitation> {
  const invitation = foundOr404(found);
  const token = newToken();
  const tokenHash = hashToken(token);
  const at = iso(now);
  const expires = iso(now + INVITATION_TTL_MS);
  const [, , , current] = await db.batch(
    [
      {
        sql: `UPDATE staff_invitations SET token_hash = ?, expires_at = ?, claimed_until = NULL
              WHERE id = ? AND state = 'pending'`,
        args: [tokenHash, expires, invitation.id],
      },
      subjectActivity(
        actor,
        'invitation_resent',
        { type: 'invitation', id: String(invitation.id) },
        `Invitation to ${invitation.email} sent again`,
        at,
        { onlyIfChanged: true },
      ),
      invitationMail(tokenHash, { token, invited_by: actor.email, expires_at: expires }, at),
      { sql: `${SELECT_INVITATION} WHERE token_hash = ?`, args: [at, tokenHash] },
    ],
    'write',
  );
  const renewed = decodeFirst(invitationRow, current?.rows ?? []);
  if (!renewed) throw new HttpError(404, INVITATION_NOT_FOUND);
  return renewed;
}

/** Withdraws a pending invitation: its link says so from now on. */
export async function revokeInvitation(
  db: Client,
  found: ResultSet | undefined,
  actor: StaffUser,
  now = Date.now(),
): Promise<Invitation> {
  const invitation = foundOr404(found);
  const at = iso(now);
  const [revoked] = await db.batch(
    [
      {
        sql: `UPDATE staff_invitations SET state = 'revoked', ended_at = ?, claimed_until = NULL
              WHERE id = ? AND state = 'pending' RETURNING id`,
        args: [at, invitation.id],
      },
      subjectActivity(
        actor,
        'invitation_revoked',
        { type: 'invitation', id: String(invitation.id) },
        `Invitation to ${invitation.email} withdrawn`,
        at,
        { onlyIfChanged: true },
      ),
    ],
    'write',
  );
  if (!revoked?.rows.length) throw new HttpError(404, INVITATION_NOT_FOUND);
  return invitation;
}

const invitationStateRow = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  state: z.enum(['pending', 'accepted', 'revoked']),
  expires_at: z.string(),
  claimed_until: z.string().nullable(),
  account: z.number().int(),
});

const readState = (db: Client, tokenHash: string) =>
  db
    .execute({
      sql: `SELECT email, role, state, expires_at, claimed_until,
                   EXISTS (SELECT 1 FROM admin_users u WHERE u.email = i.email) AS account
            FROM staff_invitations i WHERE token_hash = ?`,
      args: [tokenHash],
    })
    .then(({ rows }) => decodeFirst(invitationStateRow, rows));

/** Why an invitation cannot be accepted now, as the link's page says it; null when it can. */
function refusal(found: z.infer<typeof invitationStateRow> | null, now: number): HttpError | null {
  if (!found) return new HttpError(404, INVITATION_MESSAGES.notValid);
  if (found.state !== 'pending') return new HttpError(410, INVITATION_MESSAGES[found.state]);
  if (Date.parse(found.expires_at) <= now) return new HttpError(410, INVITATION_MESSAGES.expired);
  if (found.account) return new HttpError(409, ACCOUNT_MADE);
  if (found.claimed_until && Date.parse(found.claimed_until) > now) return new HttpError(409, BEING_ACCEPTED);
  return null;
}

/** Who a link invites, as what and until when; 404 or 410 with words when it cannot be accepted. */
export async function readInvitation(
  db: Client,
  token: string,
  now = Date.now(),
): Promise<{ email: string; role: Role; expires_at: string }> {
  const found = await readState(db, hashToken(token));
  const refused = refusal(found, now);
  if (refused || !found) throw refused ?? new HttpError(404, INVITATION_MESSAGES.notValid);
  return { email: found.email, role: found.role, expires_at: found.expires_at };
}

/**
 * Accepts an invitation: it is claimed for a minute by one conditional write (of parallel acceptances
 * one holds it, the others are refused before hashing anything), the password is hashed, and the
 * account, the invitation's end and the activity entry are one batch that only the claim's holder can
 * write. A failure in between leaves the invitation as it was once the claim lapses.
 */
export async function acceptInvitation(
  db: Client,
  input: InvitationAccept,
  address: string,
  now = Date.now(),
): Promise<{ email: string }> {
  // The rules of a password change: a common password is refused before anything is written or hashed.
  if (input.password === DEFAULT_ADMIN_PASSWORD || (await isCommonPassword(input.password))) {
    throw invalidInput({ password: [COMMON_PASSWORD] });
  }
  const tokenHash = hashToken(input.token);
  const claim = iso(now + CLAIM_MS);
  const { rows } = await db.execute({
    sql: `UPDATE staff_invitations SET claimed_until = ?
          WHERE token_hash = ? AND state = 'pending' AND expires_at > ?
            AND (claimed_until IS NULL OR claimed_until <= ?)
            AND NOT EXISTS (SELECT 1 FROM admin_users u WHERE u.email = staff_invitations.email)
          RETURNING email, role`,
    args: [claim, tokenHash, iso(now), iso(now)],
  });
  const claimed = decodeFirst(z.object({ email: z.string(), role: z.enum(ROLES) }), rows);
  if (!claimed) throw refusal(await readState(db, tokenHash), now) ?? new HttpError(409, BEING_ACCEPTED);
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password);
  } catch (error) {
    await db.execute({
      sql: 'UPDATE staff_invitations SET claimed_until = NULL WHERE token_hash = ? AND claimed_until = ?',
      args: [tokenHash, claim],
    });
    throw error;
  }
  const at = iso(Date.now());
  const [taken] = await db.batch(
    [
      {
        sql: `UPDATE staff_invitations SET state = 'accepted', ended_at = ?, claimed_until = NULL
              WHERE token_hash = ? AND state = 'pending' AND claimed_until = ?
              RETURNING email`,
        args: [at, tokenHash, claim],
      },
      invitedAccountStatement(tokenHash, passwordHash, input.name),
      invitationAcceptedActivity(
        claimed.email,
        `${claimed.email} accepted the invitation as ${ROLE_LABELS[claimed.role]}`,
        address,
        at,
      ),
    ],
    'write',
  );
  if (!taken?.rows.length)
    throw refusal(await readState(db, tokenHash), Date.now()) ?? new HttpError(409, BEING_ACCEPTED);
  return { email: claimed.email };
}
