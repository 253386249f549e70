import type { Client, InStatement, ResultSet } from '@libsql/client';
import { Secret } from 'otpauth';
import { z } from 'zod';
import type { TwoFactorSetup, TwoFactorStatus } from '@/lib/schemas/account';
import { type StaffUser, securityActivity } from './activity';
import { HttpError, invalidInput } from './http';
import {
  type Attempt,
  COUNT_ANSWERS,
  countStatements,
  finishAttempt,
  readCount,
  releaseAttempt,
} from './login-throttle';
import { recheckPassword, recheckStatements } from './password-recheck';
import { formatRecoveryCode, newRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { decodeFirst } from './rows';
import { checkFactor, isTotpCode, normalizeCode, secretRead, totpFor, totpStep } from './second-factor';
import type { CallerSql, SqlValue } from './sql';

/**
 * Two-factor sign-in: setting it up, turning it on and off, with TOTP and ten one-time recovery codes
 * (their checks in second-factor.ts). The one writer of `admin_two_factor` and `admin_recovery_codes`. A
 * code is never accepted twice: the last step used is stored and only a later one passes.
 */

/** A setup not confirmed with a code within this time must be started again. */
const SETUP_TTL_MS = 30 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
// 32 letters and digits without 0/O/1/I: 10 of them carry 50 bits, plenty for a throttled one-time code.

const CODE_NOT_VALID = 'The code is not valid. Check your authenticator app (or recovery code) and try again.';
const ALREADY_ENABLED = 'Two-factor sign-in is already on. Turn it off first to set it up again.';
const NOT_ENABLED = 'Two-factor sign-in is not on.';
const SETUP_EXPIRED = 'Start the two-factor setup again: no setup is in progress, or it is older than 30 minutes.';

const iso = (time: number) => new Date(time).toISOString();

const statusSchema = z.object({ enabled_at: z.string().nullable(), remaining: z.number().int() });

export async function twoFactorStatus(db: Client, userId: number): Promise<TwoFactorStatus> {
  const { rows } = await db.execute({
    sql: `SELECT (SELECT enabled_at FROM admin_two_factor WHERE user_id = :id) AS enabled_at,
                 (SELECT count(*) FROM admin_recovery_codes WHERE user_id = :id AND used_at IS NULL) AS remaining`,
    args: { id: userId },
  });
  // biome-ignore lint/style/noNonNullAssertion: a SELECT of scalar subqueries without FROM always answers one row
  const row = decodeFirst(statusSchema, rows)!;
  return {
    enabled: row.enabled_at !== null,
    enabled_at: row.enabled_at,
    recovery_codes_remaining: row.enabled_at === null ? 0 : row.remaining,
  };
}

/**
 * Starts (or restarts) the setup: a new secret waits, unused, until `enableTwoFactor` confirms it
 * with a code. Answers the secret, its otpauth:// URI and that URI as a QR code (an SVG data URL).
 */
export async function startTwoFactorSetup(db: Client, user: StaffUser, now = Date.now()): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const { rows } = await db.execute({
    sql: `INSERT INTO admin_two_factor (user_id, pending_secret, pending_created_at) VALUES (?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET pending_secret = excluded.pending_secret,
            pending_created_at = excluded.pending_created_at
          WHERE admin_two_factor.secret IS NULL
          RETURNING user_id`,
    args: [user.id, secret, iso(now)],
  });
  if (!rows.length) throw new HttpError(409, ALREADY_ENABLED);
  const uri = totpFor(secret, user.email).toString();
  // Loaded here only: every staff function imports this module (through auth), few draw a QR code.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

const pendingSchema = z.object({
  pending_secret: z.string().nullable(),
  pending_created_at: z.string().nullable(),
  secret: z.string().nullable(),
});

/**
 * What turning two-factor on starts from, in the session check's batch (the staff member as SQL): the
 * throttle's count of the code, and the setup waiting.
 */
export function enableReads(caller: CallerSql, address: string, now: number): InStatement[] {
  return [
    ...countStatements({ email: caller.email, address, kind: 'code' }, now),
    {
      sql: `SELECT pending_secret, pending_created_at, secret FROM admin_two_factor WHERE user_id = ${caller.id.sql}`,
      args: caller.id.args,
    },
  ];
}

/**
 * Turns two-factor sign-in on once a code from the pending secret checks out (the attempt is
 * throttled like a password; only a wrong code keeps counting), and answers ten new recovery codes:
 * shown this once, stored hashed. From the answers of `enableReads`.
 */
export async function enableTwoFactor(
  db: Client,
  user: StaffUser,
  code: string,
  address: string,
  answers: ResultSet[],
  now = Date.now(),
): Promise<string[]> {
  const { id: attemptId } = await readCount(db, codeAttempt(user, address), answers, now);
  const row = decodeFirst(pendingSchema, answers[COUNT_ANSWERS]?.rows ?? []);
  // No code was checked: nothing to count.
  const refuse = async (error: HttpError) => {
    await db.execute(releaseAttempt(attemptId));
    return error;
  };
  if (row?.secret) throw await refuse(new HttpError(409, ALREADY_ENABLED));
  if (!row?.pending_secret || !row.pending_created_at || Date.parse(row.pending_created_at) + SETUP_TTL_MS <= now) {
    throw await refuse(new HttpError(409, SETUP_EXPIRED));
  }
  const normalized = normalizeCode(code);
  const step = isTotpCode(normalized) ? totpStep(row.pending_secret, normalized, now) : null;
  if (step === null) throw invalidInput({ code: [CODE_NOT_VALID] });

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // Everything waits on the setup this code was checked against, in one transaction, the switch last: a
  // setup started meanwhile, or a parallel enable that took it, leaves nothing done.
  const pending: SqlValue = {
    sql: 'EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND secret IS NULL AND pending_secret = ?)',
    args: [user.id, row.pending_secret],
  };
  const results = await db.batch(
    [
      { sql: `DELETE FROM login_attempts WHERE id = ? AND ${pending.sql}`, args: [attemptId, ...pending.args] },
      {
        sql: `DELETE FROM admin_recovery_codes WHERE user_id = ? AND ${pending.sql}`,
        args: [user.id, ...pending.args],
      },
      {
        sql: `INSERT INTO admin_recovery_codes (user_id, code_hash, created_at)
              SELECT ?, value, ? FROM json_each(?) WHERE ${pending.sql}`,
        args: [
          user.id,
          iso(now),
          JSON.stringify(codes.map((recovery) => recoveryCodeHash(user.id, recovery))),
          ...pending.args,
        ],
      },
      securityActivity(user, 'two_factor_enabled', iso(now), { when: pending }),
      {
        sql: `UPDATE admin_two_factor SET secret = pending_secret, enabled_at = ?, last_step = ?,
                pending_secret = NULL, pending_created_at = NULL
              WHERE user_id = ? AND secret IS NULL AND pending_secret = ? RETURNING user_id`,
        args: [iso(now), step, user.id, row.pending_secret],
      },
    ],
    'write',
  );
  if (!results.at(-1)?.rows.length) throw new HttpError(409, SETUP_EXPIRED);
  return codes.map(formatRecoveryCode);
}

const enabledSchema = z.object({ enabled: z.number().int() });

/**
 * What turning two-factor off starts from, in the session check's batch: the password's re-check (its
 * count first) and the account's secret.
 */
export function disableReads(caller: CallerSql, address: string, now: number): InStatement[] {
  return recheckStatements(caller, address, now, [
    {
      sql: `SELECT EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ${caller.id.sql} AND secret IS NOT NULL) AS enabled`,
      args: caller.id.args,
    },
    secretRead(caller.id),
  ]);
}

/**
 * Turns two-factor sign-in off: needs the password and a code (or a recovery code); throttled like a
 * sign-in. From the answers of `disableReads`.
 */
export async function disableTwoFactor(
  db: Client,
  user: StaffUser,
  input: { password: string; code: string },
  address: string,
  answers: ResultSet[],
  now = Date.now(),
): Promise<void> {
  const {
    attemptId,
    reads: [, secret],
  } = await recheckPassword(db, user, answers, {
    field: 'password',
    password: input.password,
    address,
    now,
    refuse: ([twoFactor]) => {
      const enabled = decodeFirst(enabledSchema, twoFactor?.rows ?? [])?.enabled;
      return enabled ? null : new HttpError(409, NOT_ENABLED);
    },
  });
  const factor = checkFactor(user.id, secret, input.code, now);
  if (!('unused' in factor)) {
    await db.execute(finishAttempt(attemptId));
    throw invalidInput({ code: [CODE_NOT_VALID] });
  }
  // The code is used up by turning two-factor off: everything waits on it being unused, the switch last.
  const { unused } = factor;
  const results = await db.batch(
    [
      finishAttempt(attemptId),
      { sql: `DELETE FROM login_attempts WHERE id = ? AND ${unused.sql}`, args: [attemptId, ...unused.args] },
      securityActivity(user, 'two_factor_disabled', iso(now), { when: unused }),
      {
        sql: `DELETE FROM admin_two_factor WHERE user_id = ? AND ${unused.sql} RETURNING user_id`,
        args: [user.id, ...unused.args],
      },
      {
        sql: `DELETE FROM admin_recovery_codes
              WHERE user_id = ? AND NOT EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ?)`,
        args: [user.id, user.id],
      },
    ],
    'write',
  );
  if (!results[3]?.rows.length) throw invalidInput({ code: [CODE_NOT_VALID] });
}

function codeAttempt(user: StaffUser, address: string): Attempt {
  return { email: user.email.toLowerCase(), address, kind: 'code' };
}
