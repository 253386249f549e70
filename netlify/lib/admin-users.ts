import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
import type { Role } from '@/lib/roles';
import { DEFAULT_ADMIN_PASSWORD } from './env';
import { hashPassword } from './password';
import { decodeFirst } from './rows';
import { endSessionsOf } from './sessions';

const MIN_PASSWORD_LENGTH = 12;

const emailSchema = z.email();

/** Why a new admin email or password cannot be used, or null. */
export function adminCredentialsProblem(email: string, password: string): string | null {
  if (!emailSchema.safeParse(email).success) return `Not an email address: ${email || '(none given)'}`;
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 1024) return 'The password must be at most 1024 characters';
  // The sign-in refuses them, so such a password could never be used.
  if (/\p{Cc}/u.test(password)) return 'The password must not contain control characters';
  if (password === DEFAULT_ADMIN_PASSWORD) return 'The built-in local default password cannot be used';
  return null;
}

export const LAST_ADMIN = 'This is the last admin: make another account an admin first';

/**
 * The guard of every write that could leave no active admin, for the WHERE of an UPDATE of `admin_users`
 * (the row is `admin_users`): it holds unless the row is the last active admin. Written into the same
 * statement as the change, parallel demotions of the last two admins leave one.
 */
const OTHER_ACTIVE_ADMIN = `EXISTS (SELECT 1 FROM admin_users o
  WHERE o.role = 'admin' AND o.status = 'active' AND o.id <> admin_users.id)`;

/**
 * Sets a staff member's password, creating the account (an admin unless `role` says otherwise) when there
 * is none, and changing its role when one is given. Its sessions end and its failed sign-ins are
 * forgotten, in one transaction. The last active admin keeps the role: then nothing changes and this
 * throws LAST_ADMIN. Returns whether the account was created.
 */
export async function setAdminPassword(
  db: Client,
  email: string,
  password: string,
  role?: Role,
): Promise<{ created: boolean }> {
  const hash = await hashPassword(password);
  // The hash is salted, so it is this call's alone: what follows runs only where it was stored.
  const stored = { sql: '(SELECT password_hash FROM admin_users WHERE email = ?) = ?', args: [email, hash] };
  const [upserted] = await db.batch(
    [
      {
        sql: `INSERT INTO admin_users (email, password_hash, role) VALUES (:email, :hash, coalesce(:role, 'admin'))
              ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
                role = coalesce(:role, admin_users.role), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE :role IS NULL OR :role = 'admin' OR admin_users.role <> 'admin' OR admin_users.status <> 'active'
                OR ${OTHER_ACTIVE_ADMIN}
              RETURNING created_at = updated_at AS created`,
        args: { email, hash, role: role ?? null },
      },
      ...endSessionsOf(email, stored),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const row = decodeFirst(z.object({ created: z.number() }), upserted!.rows);
  if (!row) throw new Error(LAST_ADMIN);
  return { created: row.created === 1 };
}

/** Creates the account unless one with this email exists (the seed: running it again changes nothing). */
export async function adminAccountStatement(email: string, password: string): Promise<InStatement> {
  // Only the columns of migration 001: the migration tests seed databases of every age.
  return {
    sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
    args: [email, await hashPassword(password)],
  };
}

/** Creates a staff member's account with their role and name unless one with this email exists. */
export async function memberAccountStatement(
  email: string,
  password: string,
  member: { role: Role; name: string },
): Promise<InStatement> {
  return {
    sql: 'INSERT INTO admin_users (email, password_hash, role, name) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING',
    args: [email, await hashPassword(password), member.role, member.name],
  };
}

/** The statement that stores a staff member's new password hash (a password change; its sessions are the caller's). */
export function passwordHashStatement(userId: number, hash: string): InStatement {
  return {
    sql: `UPDATE admin_users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    args: [hash, userId],
  };
}

/**
 * The account an accepted invitation makes, for the batch whose statement just before it took the
 * invitation (`changes()`: of parallel acceptances only the one that took it inserts): the invitation's
 * email and role, the name and password hash chosen.
 */
export function invitedAccountStatement(tokenHash: string, passwordHash: string, name: string): InStatement {
  return {
    sql: `INSERT INTO admin_users (email, password_hash, role, name)
          SELECT email, ?, role, ? FROM staff_invitations WHERE token_hash = ? AND changes() > 0`,
    args: [passwordHash, name, tokenHash],
  };
}

/**
 * A change of a staff member's role or status, written only where it changes something and leaves an
 * active admin (OTHER_ACTIVE_ADMIN); answers the member's id when it was written.
 */
export function memberChangeStatement(
  id: number,
  change: { role: Role } | { status: 'active' | 'deactivated' },
  now: string,
): InStatement {
  const [column, value] = 'role' in change ? ['role', change.role] : ['status', change.status];
  // Only a change that takes an active admin away needs another one.
  const losesAdmin = 'role' in change ? change.role !== 'admin' : change.status === 'deactivated';
  return {
    sql: `UPDATE admin_users SET ${column} = ?, updated_at = ? WHERE id = ? AND ${column} <> ?
            AND (${losesAdmin ? `role <> 'admin' OR status <> 'active' OR ${OTHER_ACTIVE_ADMIN}` : '1'})
          RETURNING id`,
    args: [value, now, id, value],
  };
}
