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
 * Sets a staff member's password, creating the account (an admin unless `role` says otherwise) when there
 * is none, and changing its role when one is given. Its sessions end and its failed sign-ins are
 * forgotten, in one transaction. The last admin keeps the role. Returns whether the account was created.
 */
export async function setAdminPassword(
  db: Client,
  email: string,
  password: string,
  role?: Role,
): Promise<{ created: boolean }> {
  const hash = await hashPassword(password);
  const results = await db
    .batch(
      [
        {
          // Demoting the last admin writes a role the column's CHECK refuses, so the whole change fails.
          sql: `INSERT INTO admin_users (email, password_hash, role) VALUES (:email, :hash, coalesce(:role, 'admin'))
              ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
                role = CASE
                  WHEN :role IS NULL OR :role = 'admin' THEN coalesce(:role, admin_users.role)
                  WHEN admin_users.role <> 'admin'
                    OR EXISTS (SELECT 1 FROM admin_users o WHERE o.role = 'admin' AND o.email <> admin_users.email)
                    THEN :role
                  ELSE 'last admin'
                END,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              RETURNING created_at = updated_at AS created`,
          args: { email, hash, role: role ?? null },
        },
        ...endSessionsOf(email),
      ],
      'write',
    )
    .catch((error: unknown) => {
      if (role && /CHECK constraint failed/.test(`${error} ${(error as Error).cause ?? ''}`))
        throw new Error(LAST_ADMIN);
      throw error;
    });
  return { created: decodeFirst(z.object({ created: z.number() }), results[0]?.rows ?? [])?.created === 1 };
}

/** Creates the account unless one with this email exists (the seed: running it again changes nothing). */
export async function adminAccountStatement(email: string, password: string): Promise<InStatement> {
  return {
    sql: 'INSERT INTO admin_users (email, password_hash) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
    args: [email, await hashPassword(password)],
  };
}

/** The statement that stores a staff member's new password hash (a password change; its sessions are the caller's). */
export function passwordHashStatement(userId: number, hash: string): InStatement {
  return {
    sql: `UPDATE admin_users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    args: [hash, userId],
  };
}
