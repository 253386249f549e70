import { z } from 'zod';
import { LOGIN_LIMITS, LOGIN_MESSAGES, NEW_PASSWORD, PASSWORD_RESET_MESSAGES } from '../sign-in';
import { secondFactorCodeSchema } from './login';
import { noControlCharacters, text } from './text';

// A staff member's own sign-in settings (the Settings screen's Security tab): password, two-factor
// sign-in, sessions.

export const MIN_PASSWORD_LENGTH = NEW_PASSWORD.minLength;

const password = (required: string) =>
  z
    .string({ error: required })
    .check(noControlCharacters())
    .min(1, required)
    .max(LOGIN_LIMITS.passwordMax, `Must be at most ${LOGIN_LIMITS.passwordMax} characters`);

/** A new password and its confirmation (a change, a reset). Length counts characters as people see them (code points). */
const newPasswordFields = {
  new_password: password(NEW_PASSWORD.required).refine(
    (value) => [...value].length >= NEW_PASSWORD.minLength,
    NEW_PASSWORD.tooShort,
  ),
  confirm_password: z
    .string({ error: NEW_PASSWORD.confirmRequired })
    .check(noControlCharacters())
    .min(1, NEW_PASSWORD.confirmRequired),
};
const isConfirmed = (input: { new_password: string; confirm_password: string }) =>
  input.new_password === input.confirm_password;
const notConfirmed = { path: ['confirm_password'], message: NEW_PASSWORD.mismatch };

/**
 * `POST /api/account/password`. The server also refuses common passwords and a wrong current password,
 * on the same fields.
 */
export const passwordChangeSchema = z
  .object({ current_password: password('Current password is required'), ...newPasswordFields })
  .refine(isConfirmed, notConfirmed)
  .refine((input) => input.new_password !== input.current_password, {
    path: ['new_password'],
    message: 'Must differ from the current password',
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** `POST /api/admin/password/forgot`: the account's email (its format checked, as it is not a credential here). */
export const passwordForgotSchema = z.object({
  email: text(LOGIN_LIMITS.emailMax, { error: LOGIN_MESSAGES.emailRequired })
    .min(1, LOGIN_MESSAGES.emailRequired)
    .pipe(z.email({ error: 'Must be a valid email address' })),
});

/** The token of a password reset link, as its page sends it. */
const resetToken = z
  .string({ error: PASSWORD_RESET_MESSAGES.notValid })
  .check(noControlCharacters())
  .min(1, PASSWORD_RESET_MESSAGES.notValid)
  .max(100, PASSWORD_RESET_MESSAGES.notValid);

/** `POST /api/admin/password/reset/check`: is the link still good? */
export const passwordResetCheckSchema = z.object({ token: resetToken });

/** `POST /api/admin/password/reset`: the link's token and the new password twice. The server also refuses common passwords. */
export const passwordResetSchema = z
  .object({ token: resetToken, ...newPasswordFields })
  .refine(isConfirmed, notConfirmed);

export const TOTP_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';

/**
 * `POST /api/account/two-factor/enable`: a code from the authenticator app the secret was just
 * added to: six digits (apps show them with a space at times), never a recovery code.
 */
export const twoFactorEnableSchema = z.object({
  code: text(LOGIN_LIMITS.codeMax, { error: TOTP_CODE_REQUIRED }).refine(
    (code) => /^\d{6}$/.test(code.replace(/[\s-]/g, '')),
    TOTP_CODE_REQUIRED,
  ),
});

/** `POST /api/account/two-factor/disable`: the password and a code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: password('Password is required'),
  code: secondFactorCodeSchema,
});

/** Calls that take no fields still send a JSON object (`{}`), as every unsafe call does. */
export const emptyBodySchema = z.object({});

// ---- What the API answers.

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.iso.datetime().nullable(),
  recovery_codes_remaining: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string().meta({ description: 'The shared secret in base32, for typing into an app by hand' }),
  otpauth_uri: z.string().meta({ description: 'The otpauth://totp/ URI the QR code holds' }),
  qr_code: z.string().meta({ description: 'The QR code as an SVG data URL (data:image/svg+xml;base64,...)' }),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const sessionInfoSchema = z.object({
  id: z.string().meta({ description: 'The public id of the session (not its token)' }),
  created_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  browser: z.string().meta({ description: 'The browser and system, from its User-Agent, e.g. "Firefox 128 on Linux"' }),
  address: z.string().meta({ description: 'The client address it signed in from' }),
  current: z.boolean().meta({ description: 'Whether this is the session of the request' }),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
