import type { InStatement, ResultSet } from '@libsql/client';
import { TOTP } from 'otpauth';
import { z } from 'zod';
import { company } from '@/data/company';
import { isRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { decodeFirst } from './rows';
import type { SqlValue } from './sql';

/**
 * The codes of two-factor sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads them; the current step and one on either side, for clock drift) and recovery
 * codes, checked against what the database holds and used up by a conditional write.
 */

const TOTP_ISSUER = company.shortName;
const PERIOD = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;

const iso = (time: number) => new Date(time).toISOString();

export const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret });

/** The time step a 6-digit code belongs to, or null when it matches none within the drift. */
export function totpStep(secret: string, token: string, now: number): number | null {
  const delta = totpFor(secret).validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Codes are typed with spaces or a dash at times; recovery codes in any case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

const secretSchema = z.object({ secret: z.string().nullable(), last_step: z.number().int().nullable() });

/** The read of an account's TOTP secret and the last step used, by the account's id as SQL. */
export const secretRead = (userId: SqlValue): InStatement => ({
  sql: `SELECT secret, last_step FROM admin_two_factor WHERE user_id = ${userId.sql}`,
  args: userId.args,
});

/** A second factor as checked against what `secretRead` found. */
export type Factor =
  /** The right code or a recovery code's shape: it passes while `unused` holds, which its use ends. */
  | { kind: 'totp'; step: number; unused: SqlValue }
  | { kind: 'recovery'; hash: string; unused: SqlValue }
  /** The right 6-digit code of a step already used (an app shows it for up to 30 s after): never twice. */
  | { kind: 'used' }
  | { kind: 'wrong' };

/**
 * What a code is for an account: a 6-digit code of the current step or one either side, or a recovery
 * code, with the SQL condition under which it is still unused (a later step than the last one used, an
 * unused recovery code of an account with two-factor on). Using it, in the same transaction as the
 * condition was checked, is the caller's write.
 */
export function checkFactor(userId: number, found: ResultSet | undefined, code: string, now: number): Factor {
  const row = decodeFirst(secretSchema, found?.rows ?? []);
  if (!row?.secret) return { kind: 'wrong' };
  const normalized = normalizeCode(code);
  if (isTotpCode(normalized)) {
    const step = totpStep(row.secret, normalized, now);
    if (step === null) return { kind: 'wrong' };
    if (row.last_step !== null && step <= row.last_step) return { kind: 'used' };
    return {
      kind: 'totp',
      step,
      unused: {
        sql: `EXISTS (SELECT 1 FROM admin_two_factor
                      WHERE user_id = ? AND secret = ? AND (last_step IS NULL OR last_step < ?))`,
        args: [userId, row.secret, step],
      },
    };
  }
  if (!isRecoveryCode(normalized)) return { kind: 'wrong' };
  const hash = recoveryCodeHash(userId, normalized);
  return {
    kind: 'recovery',
    hash,
    unused: {
      sql: `EXISTS (SELECT 1 FROM admin_recovery_codes WHERE user_id = ? AND code_hash = ? AND used_at IS NULL)
            AND EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND secret IS NOT NULL)`,
      args: [userId, hash, userId],
    },
  };
}

/**
 * Uses up a factor `checkFactor` passed, when `also` holds too (each parallel use after the first
 * changes nothing): the step is recorded, or the recovery code marked used.
 */
export function factorUseStatement(
  userId: number,
  factor: Extract<Factor, { unused: SqlValue }>,
  also: SqlValue,
  now: number,
): InStatement {
  const when = { sql: `${factor.unused.sql} AND ${also.sql}`, args: [...factor.unused.args, ...also.args] };
  return factor.kind === 'totp'
    ? {
        sql: `UPDATE admin_two_factor SET last_step = ? WHERE user_id = ? AND ${when.sql}`,
        args: [factor.step, userId, ...when.args],
      }
    : {
        sql: `UPDATE admin_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND ${when.sql}`,
        args: [iso(now), userId, factor.hash, ...when.args],
      };
}
