import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { StaffUser } from './activity';
import { type HttpError, invalidInput } from './http';
import { COUNT_ANSWERS, countStatements, finishAttempt, readCount, releaseAttempt } from './login-throttle';
import { type HashTicket, hashPassword, reserveHash, verifyPassword } from './password';
import { decodeFirst } from './rows';
import type { CallerSql } from './sql';

/**
 * The password a signed-in staff member types again before changing their own sign-in (a new password,
 * two-factor off), checked like a sign-in: counted by the sign-in throttle before the hash runs (429 over
 * budget; in the session check's round trip), then on one of this instance's hashing places (503 when all
 * are taken, the attempt given back). A wrong one keeps its count and is refused on the field it was sent
 * in, in the same words whichever change asked.
 */

export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect';

const hashSchema = z.object({ password_hash: z.string() });

export interface Recheck {
  /** The request's field that held the password: a refusal names it. */
  field: string;
  password: string;
  address: string;
  now: number;
  /** Refuses the change from what the re-check's `reads` answered, before any hashing; the attempt is then given back. */
  refuse?: (reads: ResultSet[]) => HttpError | null;
}

/** The throttle's attempt, counted until the caller gives it back in the change's own write; `reads`' answers. */
interface Rechecked {
  attemptId: number;
  reads: ResultSet[];
}

/**
 * What a re-check starts from, in the session check's batch (a write transaction, the staff member as
 * SQL): the throttle's count, made before anything is hashed; the stored hash; and `reads`, what the change
 * itself depends on.
 */
export function recheckStatements(
  caller: CallerSql,
  address: string,
  now: number,
  reads: InStatement[] = [],
): InStatement[] {
  return [
    ...countStatements({ email: caller.email, address, kind: 'password' }, now),
    { sql: `SELECT password_hash FROM admin_users WHERE id = ${caller.id.sql}`, args: caller.id.args },
    ...reads,
  ];
}

/** With a new password, it is hashed on the same place right after the current one matched. */
export function recheckPassword(
  db: Client,
  user: StaffUser,
  answers: ResultSet[],
  recheck: Recheck & { newPassword: string },
): Promise<Rechecked & { newHash: string }>;
export function recheckPassword(
  db: Client,
  user: StaffUser,
  answers: ResultSet[],
  recheck: Recheck,
): Promise<Rechecked>;
/** The re-check, from the answers of `recheckStatements`. */
export async function recheckPassword(
  db: Client,
  user: StaffUser,
  answers: ResultSet[],
  { field, password, address, now, refuse, newPassword }: Recheck & { newPassword?: string },
): Promise<Rechecked & { newHash?: string }> {
  const { id } = await readCount(db, { email: user.email.toLowerCase(), address, kind: 'password' }, answers, now);
  const [account, ...reads] = answers.slice(COUNT_ANSWERS);
  const refusal = refuse?.(reads);
  if (refusal) {
    await db.execute(releaseAttempt(id));
    throw refusal;
  }
  let ticket: HashTicket;
  try {
    ticket = reserveHash();
  } catch (error) {
    // This instance has no place to hash on: a refusal, not a wrong password.
    await db.execute(releaseAttempt(id));
    throw error;
  }
  try {
    const stored = decodeFirst(hashSchema, account?.rows ?? []);
    const checked = await ticket.run(async () => {
      if (!stored || !(await verifyPassword(password, stored.password_hash))) return null;
      return newPassword === undefined ? {} : { newHash: await hashPassword(newPassword) };
    });
    if (!checked) {
      await db.execute(finishAttempt(id));
      throw invalidInput({ [field]: [WRONG_CURRENT_PASSWORD] });
    }
    return { attemptId: id, reads, ...checked };
  } finally {
    ticket.release();
  }
}
