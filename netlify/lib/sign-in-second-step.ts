import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { ROLES } from '@/lib/roles';
import { type StaffUser, securityActivity } from './activity';
import { CHALLENGE_EXPIRED, CHALLENGE_MAX_CODES, CODE_JUST_USED, INVALID_CODE, PASSWORD_OR_CODE } from './auth';
import { type ClientInfo, HttpError } from './http';
import { COUNT_ANSWERS, countStatements, readCount, releaseAttempt, signedInFrom } from './login-throttle';
import { decodeFirst } from './rows';
import { checkFactor, type Factor, factorUseStatement, secretRead } from './second-factor';
import { openSession } from './sessions';
import { hashToken } from './tokens';

/**
 * The second step of a sign-in: the challenge the first step (auth.ts) made, and a code. Its reads and the
 * throttle's count are one write transaction, its sign-in another.
 */

const iso = (time: number) => new Date(time).toISOString();

const challengeSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  remember: z.number().int(),
  guarded: z.number().int(),
  password_ok: z.number().int(),
});

/** A challenge still open for codes, by its token's hash: the condition of every write of the second step. */
const challengeOpen = (challengeHash: string, now: number) => ({
  sql: 'EXISTS (SELECT 1 FROM login_challenges WHERE token_hash = ? AND expires_at > ? AND attempts < ?)',
  args: [challengeHash, iso(now), CHALLENGE_MAX_CODES],
});

/**
 * What the second step of a sign-in starts from, in one write transaction: the challenge, the
 * throttle's count of the code (the account known by the challenge), and the account's secret.
 */
export function twoFactorLoginReads(challenge: string, address: string, now: number): InStatement[] {
  const challengeHash = hashToken(challenge);
  const open = `c.token_hash = :challenge AND c.expires_at > :challenge_now AND c.attempts < :challenge_codes`;
  return [
    {
      sql: `SELECT c.user_id, u.email, u.role, c.remember, c.guarded, c.password_ok
            FROM login_challenges c JOIN admin_users u ON u.id = c.user_id AND u.status = 'active'
            WHERE c.token_hash = ? AND c.expires_at > ? AND c.attempts < ?`,
      args: [challengeHash, iso(now), CHALLENGE_MAX_CODES],
    },
    ...countStatements(
      {
        email: {
          sql: `(SELECT u.email FROM login_challenges c JOIN admin_users u ON u.id = c.user_id AND u.status = 'active'
                 WHERE ${open})`,
          args: { challenge: challengeHash, challenge_now: iso(now), challenge_codes: CHALLENGE_MAX_CODES },
        },
        address,
        kind: 'code',
      },
      now,
    ),
    secretRead({ sql: '(SELECT user_id FROM login_challenges WHERE token_hash = ?)', args: [challengeHash] }),
  ];
}

/**
 * The second step of a sign-in: the challenge from the first step plus a 6-digit code or a
 * recovery code, from the answers of `twoFactorLoginReads`. Codes are counted by the same throttle as
 * passwords; a challenge allows CHALLENGE_MAX_CODES wrong codes and then ends. A guarded challenge (see
 * `guardedLogin`) passes only if its password was right too, and never says which of the two was wrong.
 */
export async function completeTwoFactorLogin(
  db: Client,
  { challenge, code }: { challenge: string; code: string },
  client: ClientInfo,
  [found, ...answers]: ResultSet[],
  now = Date.now(),
): Promise<{ user: StaffUser; cookie: string }> {
  const challengeHash = hashToken(challenge);
  const pending = decodeFirst(challengeSchema, found?.rows ?? []);
  if (!pending) throw new HttpError(401, CHALLENGE_EXPIRED);
  const email = pending.email.toLowerCase();
  const { id: attemptId } = await readCount(db, { email, address: client.address, kind: 'code' }, answers, now);
  const factor: Factor = pending.password_ok
    ? checkFactor(pending.user_id, answers[COUNT_ANSWERS], code, now)
    : { kind: 'wrong' };
  if (!('unused' in factor)) {
    // The code the app shows right after it was used (to turn two-factor sign-in on, say) is right,
    // not a guess: it gives its attempt back and says to wait for the next one.
    if (factor.kind === 'used' && !pending.guarded) {
      await db.execute(releaseAttempt(attemptId));
      throw new HttpError(401, CODE_JUST_USED);
    }
    await db.execute({
      sql: 'UPDATE login_challenges SET attempts = attempts + 1 WHERE token_hash = ?',
      args: [challengeHash],
    });
    throw new HttpError(401, pending.guarded ? PASSWORD_OR_CODE : INVALID_CODE);
  }
  // One transaction, each write waiting on the code still unused and the challenge still open, the code's
  // use and the challenge's end last: of parallel requests with valid codes (say a TOTP code and a recovery
  // code), one signs in.
  const open = challengeOpen(challengeHash, now);
  const when = { sql: `${factor.unused.sql} AND ${open.sql}`, args: [...factor.unused.args, ...open.args] };
  const user = { id: pending.user_id, email: pending.email, role: pending.role, address: client.address };
  const opened = openSession(user, pending.remember === 1, client, now, when);
  const results = await db.batch(
    [
      ...signedInFrom(user.id, email, client.address, now, when),
      ...opened.statements,
      ...(factor.kind === 'recovery' ? [securityActivity(user, 'recovery_code_used', iso(now), { when })] : []),
      factorUseStatement(user.id, factor, open, now),
      {
        sql: `DELETE FROM login_challenges WHERE token_hash = ?
                AND EXISTS (SELECT 1 FROM sessions WHERE token_hash = ?) RETURNING user_id`,
        args: [challengeHash, opened.tokenHash],
      },
      // Nothing was signed in (a recovery code already used, a code another request used first): a wrong code.
      { sql: 'UPDATE login_challenges SET attempts = attempts + 1 WHERE token_hash = ?', args: [challengeHash] },
    ],
    'write',
  );
  if (!results.at(-2)?.rows.length) throw new HttpError(401, pending.guarded ? PASSWORD_OR_CODE : INVALID_CODE);
  return { user, cookie: opened.cookie };
}
