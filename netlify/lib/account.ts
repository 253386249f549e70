import type { Client, ResultSet } from '@libsql/client';
import type { PasswordChange } from '@/lib/schemas/account';
import { securityActivity } from './activity';
import { passwordHashStatement } from './admin-users';
import { isCommonPassword } from './common-passwords';
import { DEFAULT_ADMIN_PASSWORD } from './env';
import { invalidInput } from './http';
import { signedInFrom } from './login-throttle';
import { recheckPassword } from './password-recheck';
import { endOtherSessionsStatements, type SessionUser } from './sessions';

export const COMMON_PASSWORD =
  'This password is too common: it appears in lists of breached passwords. Choose another.';

/**
 * Changes the signed-in staff member's password, from the answers of `passwordChangeReads`. A common
 * password is refused before anything is hashed; the current one is checked again like a sign-in. The
 * new hash, the end of every other session of the user and the address recorded as one they signed in
 * from (its failed attempts forgotten) are one transaction. Answers how many sessions ended.
 */
export async function changePassword(
  db: Client,
  user: SessionUser,
  input: PasswordChange,
  answers: ResultSet[],
  address: string,
  now = Date.now(),
): Promise<{ sessionsEnded: number }> {
  const common = input.new_password === DEFAULT_ADMIN_PASSWORD || (await isCommonPassword(input.new_password));
  const { newHash } = await recheckPassword(db, user, answers, {
    field: 'current_password',
    password: input.current_password,
    address,
    now,
    newPassword: input.new_password,
    refuse: () => (common ? invalidInput({ new_password: [COMMON_PASSWORD] }) : null),
  });
  const email = user.email.toLowerCase();
  const [, ended] = await db.batch(
    [
      passwordHashStatement(user.id, newHash),
      ...endOtherSessionsStatements(user),
      ...signedInFrom(user.id, email, address, now),
      securityActivity(user, 'password_changed', new Date(now).toISOString()),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { sessionsEnded: ended!.rowsAffected };
}
