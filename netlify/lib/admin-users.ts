import type { Client, InStatement } from '@libsql/client';
import { z } from 'zod';
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

/**
 * Sets an admin's password, creating the account when there is none. Its sessions end and its failed
 * sign-ins are forgotten, in one transaction. Returns whether the account was created.
 */
export async function setAdminPassword(db: Client, email: string, password: string): Promise<{ created: boolean }> {
  const hash = await hashPassword(password);
  const [upserted] = await db.batch(
    [
      {
        sql: `INSERT INTO admin_users (email, password_hash) VALUES (?, ?)
              ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              RETURNING created_at = updated_at AS created`,
        args: [email, hash],
      },
      ...endSessionsOf(email),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { created: decodeFirst(z.object({ created: z.number() }), upserted!.rows)?.created === 1 };
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
