import type { Client } from '@libsql/client';
import { z } from 'zod';
import type { PasswordChange } from '@/lib/schemas/account';
import { securityActivity } from './activity';
import { passwordHashStatement } from './admin-users';
import { isCommonPassword } from './common-passwords';
import { DEFAULT_ADMIN_PASSWORD } from './env';
import { invalidInput } from './http';
import { countAttempt, finishAttempt, signedInFrom } from './login-throttle';
import { hashPassword, reserveHash, verifyPassword } from './password';
import { decodeFirst } from './rows';
import { endOtherSessionsStatements, type SessionUser } from './sessions';

export const COMMON_PASSWORD =
  'This password is too common: it appears in lists of breached passwords. Choose another.';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

const hashSchema = z.object({ password_hash: z.string() });

/**
 * Changes the signed-in staff member's password. The current password is checked like a sign-in
 * (counted by the throttle first); a common password is refused before anything is hashed. The new
 * hash and the end of every other session of the user are one transaction. Answers how many
 * sessions ended.
 */
export async function changePassword(
  db: Client,
  user: SessionUser,
  input: PasswordChange,
  address: string,
  now = Date.now(),
): Promise<{ sessionsEnded: number }> {
  if (input.new_password === DEFAULT_ADMIN_PASSWORD || (await isCommonPassword(input.new_password))) {
    throw invalidInput({ new_password: [COMMON_PASSWORD] });
  }
  const email = user.email.toLowerCase();
  const ticket = reserveHash();
  try {
    const {
      id,
      reads: [account],
    } = await countAttempt(
      db,
      { email, address, kind: 'password' },
      { now, reads: [{ sql: 'SELECT password_hash FROM admin_users WHERE id = ?', args: [user.id] }] },
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    const stored = decodeFirst(hashSchema, account!.rows);
    const newHash = await ticket.run(async () =>
      stored && (await verifyPassword(input.current_password, stored.password_hash))
        ? hashPassword(input.new_password)
        : null,
    );
    if (!newHash) {
      await db.execute(finishAttempt(id));
      throw invalidInput({ current_password: [WRONG_CURRENT_PASSWORD] });
    }
    const iso = new Date(now).toISOString();
    const [, ended] = await db.batch(
      [
        passwordHashStatement(user.id, newHash),
        ...endOtherSessionsStatements(user),
        ...signedInFrom(user.id, email, address, now),
        securityActivity(user, 'password_changed', iso),
      ],
      'write',
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    return { sessionsEnded: ended!.rowsAffected };
  } finally {
    ticket.release();
  }
}
