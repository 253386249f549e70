import { z } from 'zod';
import { ROLES } from '../roles';
import { LOGIN_LIMITS, LOGIN_MESSAGES, SIGN_IN_LINK_MESSAGES } from '../sign-in';
import { noControlCharacters, text } from './text';

/** `POST /api/admin/login`. The email is a credential here, so its format is not checked beyond its length. */
export const loginSchema = z.object({
  email: text(LOGIN_LIMITS.emailMax, { error: LOGIN_MESSAGES.emailRequired }).min(1, LOGIN_MESSAGES.emailRequired),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .check(noControlCharacters())
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(LOGIN_LIMITS.passwordMax, LOGIN_MESSAGES.tooLong(LOGIN_LIMITS.passwordMax)),
  remember: z.boolean({ error: 'Must be true or false' }).optional().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A second factor as typed: a 6-digit code or a recovery code. */
export const secondFactorCodeSchema = text(LOGIN_LIMITS.codeMax, { error: LOGIN_MESSAGES.codeRequired }).min(
  1,
  LOGIN_MESSAGES.codeRequired,
);

/** `POST /api/admin/login/two-factor`: the challenge the first step answered, and the code. */
export const loginTwoFactorSchema = z.object({
  challenge: z
    .string({ error: 'The sign-in challenge is required' })
    .check(noControlCharacters())
    .min(1, 'The sign-in challenge is required')
    .max(100),
  code: secondFactorCodeSchema,
});

/** `POST /api/admin/login/link`: the token of a sign-in link emailed to the account. */
export const loginLinkSchema = z.object({
  token: z
    .string({ error: SIGN_IN_LINK_MESSAGES.notValid })
    .check(noControlCharacters())
    .min(1, SIGN_IN_LINK_MESSAGES.notValid)
    .max(100, SIGN_IN_LINK_MESSAGES.notValid),
});

/** The signed-in staff member, as the session and login calls answer it. */
export const adminUserSchema = z.object({ email: z.string() });

/**
 * Who is signed in with a session: their email and role, and whether their role must use two-factor
 * sign-in they have not turned on yet (until they do, only Settings > Security works for them).
 */
export const sessionUserSchema = adminUserSchema.extend({ role: z.enum(ROLES), two_factor_required: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
