import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { StaffUser } from './activity';
import { type HttpError, invalidInput } from './http';
import { countAttempt, finishAttempt, releaseAttempt } from './login-throttle';
import { hashPassword, reserveHash, verifyPassword } from './password';
import { decodeFirst } from './rows';

/**
 * The password a signed-in staff member types again before changing their own sign-in (a new password,
 * two-factor off), checked like a sign-in: on one of this instance's hashing places (503 when all are taken)
 * and counted by the sign-in throttle before the hash runs (429 over budget). A wrong one keeps its count and
 * is refused on the field it was sent in, in the same words whichever change asked.
 */

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

const hashSchema = z.object({ password_hash: z.string() });

export interface Recheck {
  /** The request's field that held the password: a refusal names it. */
  field: string;
  password: string;
  address: string;
  now: number;
  /** Read in the same transaction as the count: what the change itself depends on. */
  reads?: InStatement[];
  /** Refuses the change from what `reads` answered, before any hashing; the attempt is then given back. */
  refuse?: (reads: ResultSet[]) => HttpError | null;
}

/** The throttle's attempt, counted until the caller gives it back in the change's own write. */
interface Rechecked {
  attemptId: number;
}

/** With a new password, it is hashed on the same place right after the current one matched. */
export function recheckPassword(
  db: Client,
  user: StaffUser,
  recheck: Recheck & { newPassword: string },
): Promise<Rechecked & { newHash: string }>;
export function recheckPassword(db: Client, user: StaffUser, recheck: Recheck): Promise<Rechecked>;
export async function recheckPassword(
  db: Client,
  user: StaffUser,
  { field, password, address, now, reads = [], refuse, newPassword }: Recheck & { newPassword?: string },
): Promise<Rechecked & { newHash?: string }> {
  const ticket = reserveHash();
  try {
    const {
      id,
      reads: [account, ...answers],
    } = await countAttempt(
      db,
      { email: user.email.toLowerCase(), address, kind: 'password' },
      { now, reads: [{ sql: 'SELECT password_hash FROM admin_users WHERE id = ?', args: [user.id] }, ...reads] },
    );
    const refusal = refuse?.(answers);
    if (refusal) {
      await db.execute(releaseAttempt(id));
      throw refusal;
    }
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    const stored = decodeFirst(hashSchema, account!.rows);
    const checked = await ticket.run(async () => {
      if (!stored || !(await verifyPassword(password, stored.password_hash))) return null;
      return newPassword === undefined ? {} : { newHash: await hashPassword(newPassword) };
    });
    if (!checked) {
      await db.execute(finishAttempt(id));
      throw invalidInput({ [field]: [WRONG_CURRENT_PASSWORD] });
    }
    return { attemptId: id, ...checked };
  } finally {
    ticket.release();
  }
}
