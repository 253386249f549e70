import type { Client } from '@libsql/client';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import { company } from '@/data/company';
import type { TwoFactorSetup, TwoFactorStatus } from '@/lib/schemas/account';
import { type StaffUser, securityActivity } from './activity';
import { HttpError, invalidInput } from './http';
import { type Attempt, countAttempt, finishAttempt, releaseAttempt } from './login-throttle';
import { recheckPassword } from './password-recheck';
import { formatRecoveryCode, isRecoveryCode, newRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { decodeFirst } from './rows';

/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator
 * app reads them) and ten one-time recovery codes. The one writer of `admin_two_factor` and
 * `admin_recovery_codes`. A code is accepted for the current step and one on either side (clock
 * drift), and never twice: the last step used is stored and only a later one passes.
 */

const TOTP_ISSUER = company.shortName;
const PERIOD = 30;
const DIGITS = 6;
const DRIFT_STEPS = 1;
/** A setup not confirmed with a code within this time must be started again. */
const SETUP_TTL_MS = 30 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
// 32 letters and digits without 0/O/1/I: 10 of them carry 50 bits, plenty for a throttled one-time code.

const CODE_NOT_VALID = 'The code is not valid. Check your authenticator app (or recovery code) and try again.';
const ALREADY_ENABLED = 'Two-factor sign-in is already on. Turn it off first to set it up again.';
const NOT_ENABLED = 'Two-factor sign-in is not on.';
const SETUP_EXPIRED = 'Start the two-factor setup again: no setup is in progress, or it is older than 30 minutes.';

const iso = (time: number) => new Date(time).toISOString();

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret });

/** The time step a 6-digit code belongs to, or null when it matches none within the drift. */
function totpStep(secret: string, token: string, now: number): number | null {
  const delta = totpFor(secret).validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Codes are typed with spaces or a dash at times; recovery codes in any case. */
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

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
 * Turns two-factor sign-in on once a code from the pending secret checks out (the attempt is
 * throttled like a password; only a wrong code keeps counting), and answers ten new recovery codes:
 * shown this once, stored hashed.
 */
export async function enableTwoFactor(
  db: Client,
  user: StaffUser,
  code: string,
  address: string,
  now = Date.now(),
): Promise<string[]> {
  const {
    id: attemptId,
    reads: [pending],
  } = await countAttempt(db, codeAttempt(user, address), {
    now,
    reads: [
      {
        sql: 'SELECT pending_secret, pending_created_at, secret FROM admin_two_factor WHERE user_id = ?',
        args: [user.id],
      },
    ],
  });
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const row = decodeFirst(pendingSchema, pending!.rows);
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
  const tx = await db.transaction('write');
  try {
    // Only the setup this code was checked against is enabled: a setup started meanwhile, or a
    // parallel enable, leaves nothing to update.
    const enabled = await tx.execute({
      sql: `UPDATE admin_two_factor SET secret = pending_secret, enabled_at = ?, last_step = ?,
              pending_secret = NULL, pending_created_at = NULL
            WHERE user_id = ? AND secret IS NULL AND pending_secret = ? RETURNING user_id`,
      args: [iso(now), step, user.id, row.pending_secret],
    });
    if (!enabled.rows.length) throw new HttpError(409, SETUP_EXPIRED);
    await tx.batch([
      releaseAttempt(attemptId),
      { sql: 'DELETE FROM admin_recovery_codes WHERE user_id = ?', args: [user.id] },
      ...codes.map((recovery) => ({
        sql: 'INSERT INTO admin_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)',
        args: [user.id, recoveryCodeHash(user.id, recovery), iso(now)],
      })),
      securityActivity(user, 'two_factor_enabled', iso(now)),
    ]);
    await tx.commit();
  } finally {
    tx.close();
  }
  return codes.map(formatRecoveryCode);
}

const secretSchema = z.object({ secret: z.string().nullable(), last_step: z.number().int().nullable() });

/**
 * Checks a second factor and uses it up: a 6-digit code of a later step than the last one used,
 * or an unused recovery code. Each is consumed by one conditional write, so of two parallel uses of
 * the same code only one passes. Answers which kind passed, or null.
 */
export async function consumeSecondFactor(
  db: Client,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  const normalized = normalizeCode(code);
  if (isTotpCode(normalized)) {
    const { rows } = await db.execute({
      sql: 'SELECT secret, last_step FROM admin_two_factor WHERE user_id = ?',
      args: [userId],
    });
    const row = decodeFirst(secretSchema, rows);
    if (!row?.secret) return null;
    const step = totpStep(row.secret, normalized, now);
    if (step === null) return null;
    const [used] = await db.batch(
      [
        {
          sql: `UPDATE admin_two_factor SET last_step = ?
                WHERE user_id = ? AND secret = ? AND (last_step IS NULL OR last_step < ?) RETURNING user_id`,
          args: [step, userId, row.secret, step],
        },
      ],
      'write',
    );
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    return used!.rows.length ? 'totp' : null;
  }
  if (!isRecoveryCode(normalized)) return null;
  const [used] = await db.batch(
    [
      {
        sql: `UPDATE admin_recovery_codes SET used_at = ?
              WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
                AND EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND secret IS NOT NULL)
              RETURNING id`,
        args: [iso(now), userId, recoveryCodeHash(userId, normalized), userId],
      },
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return used!.rows.length ? 'recovery' : null;
}

/**
 * Whether a code is the right one for a step that was already used (the code an app keeps showing
 * for up to 30 seconds after it was used): right, yet refused, as codes are never accepted twice.
 */
export async function codeJustUsed(db: Client, userId: number, code: string, now = Date.now()): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (!isTotpCode(normalized)) return false;
  const { rows } = await db.execute({
    sql: 'SELECT secret, last_step FROM admin_two_factor WHERE user_id = ?',
    args: [userId],
  });
  const row = decodeFirst(secretSchema, rows);
  if (!row?.secret || row.last_step === null) return false;
  const step = totpStep(row.secret, normalized, now);
  return step !== null && step <= row.last_step;
}

const enabledSchema = z.object({ enabled: z.number().int() });

/** Turns two-factor sign-in off: needs the password and a code (or a recovery code); throttled like a sign-in. */
export async function disableTwoFactor(
  db: Client,
  user: StaffUser,
  input: { password: string; code: string },
  address: string,
  now = Date.now(),
): Promise<void> {
  const { attemptId } = await recheckPassword(db, user, {
    field: 'password',
    password: input.password,
    address,
    now,
    reads: [
      {
        sql: 'SELECT EXISTS (SELECT 1 FROM admin_two_factor WHERE user_id = ? AND secret IS NOT NULL) AS enabled',
        args: [user.id],
      },
    ],
    refuse: ([twoFactor]) => {
      // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
      const enabled = decodeFirst(enabledSchema, twoFactor!.rows)?.enabled;
      return enabled ? null : new HttpError(409, NOT_ENABLED);
    },
  });
  if (!(await consumeSecondFactor(db, user.id, input.code, now))) {
    await db.execute(finishAttempt(attemptId));
    throw invalidInput({ code: [CODE_NOT_VALID] });
  }
  await db.batch(
    [
      releaseAttempt(attemptId),
      { sql: 'DELETE FROM admin_two_factor WHERE user_id = ?', args: [user.id] },
      { sql: 'DELETE FROM admin_recovery_codes WHERE user_id = ?', args: [user.id] },
      securityActivity(user, 'two_factor_disabled', iso(now)),
    ],
    'write',
  );
}

function codeAttempt(user: StaffUser, address: string): Attempt {
  return { email: user.email.toLowerCase(), address, kind: 'code' };
}
