import { z } from 'zod';
import { EVERY_ROLE } from '../roles';
import { passwordForgotSchema, passwordResetCheckSchema, passwordResetSchema } from '../schemas/account';
import {
  adminUserSchema,
  loginLinkSchema,
  loginSchema,
  loginTwoFactorSchema,
  sessionUserSchema,
} from '../schemas/login';
import { defineEndpoint } from './contract';
import { AUTH_PATHS } from './paths';

const signedIn = z.object({ status: z.literal('success'), user: adminUserSchema });
/** The answer that asks for the second step: the challenge to send back with a code. */
const twoFactorRequired = z.object({
  status: z.literal('two_factor_required'),
  challenge: z.string().meta({ description: 'Send it back with the code; valid 5 minutes, not a session' }),
  expires_in: z.number().int().meta({ description: 'Seconds the challenge stays valid' }),
  guarded: z.boolean().meta({
    description: 'Asked for whatever the password was: the code step passes only if the password was right too',
  }),
});

/** Staff sign-in: a server-side session carried by the `__Host-session` cookie. */
export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.login,
    summary:
      "Sign in with email and password; sets the session cookie. With two-factor sign-in on, answers a challenge for /api/admin/login/two-factor instead (no cookie). While failed attempts from other addresses fill the account's budget, the answer is the same whatever the password: a challenge (`guarded`: the code step then checks the password too), or `email_sent` (a one-time sign-in link was emailed to the account if the password was right). 429 (with Retry-After) when throttled or when this address has sign-ins being checked; 503 when too many sign-ins from many addresses are being checked at once.",
    access: 'public',
    body: loginSchema,
    status: 200,
    response: z.discriminatedUnion('status', [
      signedIn,
      twoFactorRequired,
      z.object({
        status: z.literal('email_sent').meta({
          description: 'If the password was right, a one-time sign-in link (15 minutes) was emailed to the account',
        }),
      }),
    ]),
    errors: [401, 403, 429],
  }),
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.loginTwoFactor,
    summary:
      "Second step of a sign-in with two-factor sign-in on: the first step's challenge and a 6-digit code or a recovery code; sets the session cookie.",
    access: 'public',
    body: loginTwoFactorSchema,
    status: 200,
    response: signedIn,
    errors: [401, 403, 429],
  }),
  loginLink: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.loginLink,
    summary:
      'Finish a sign-in with the one-time link emailed to the account (its token); sets the session cookie. 401 with words for a link that is not valid, used already or expired.',
    access: 'public',
    body: loginLinkSchema,
    status: 200,
    response: signedIn,
    errors: [401, 403],
  }),
  passwordForgot: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordForgot,
    summary:
      "Ask for a password reset link: if an account has this email, a one-time link (30 minutes; it replaces the account's earlier unused links) is emailed to it. The answer is the same whether or not it does. Takes JSON, or the page's plain form (answered with a 303 to the page saying so). 429 (with Retry-After) past 3 requests per email or 10 per address in 15 minutes, counted alike for every email.",
    access: 'public',
    body: passwordForgotSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), message: z.string() }),
    errors: [429],
  }),
  passwordResetCheck: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordResetCheck,
    summary:
      'Whether a password reset link (its token) can still be used; it is not used up. 401 with words for a link that is not valid, used already, replaced by a newer one or expired.',
    access: 'public',
    body: passwordResetCheckSchema,
    status: 200,
    response: z.object({ status: z.literal('success') }),
    errors: [401],
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.passwordReset,
    summary:
      'Set a new password with a reset link (used up once): every session of the account ends, then it is signed in again, with the session cookie, or, with two-factor sign-in on, a challenge for /api/admin/login/two-factor. 401 with words for a link that is not valid, used already, replaced or expired; 422 for a password refused (too short, common, not confirmed).',
    access: 'public',
    body: passwordResetSchema,
    status: 200,
    response: z.discriminatedUnion('status', [signedIn, twoFactorRequired]),
    errors: [401],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.logout,
    summary: "End the request's session (if any) and clear the cookie. Needs a JSON content type, no body.",
    access: 'public',
    status: 200,
    response: z.object({ status: z.literal('success') }),
    errors: [403, 415],
  }),
  session: defineEndpoint({
    method: 'GET',
    path: AUTH_PATHS.session,
    summary:
      'Who is signed in with this session, and whether they must turn on two-factor sign-in before anything else.',
    access: 'session',
    beforeTwoFactor: true,
    roles: EVERY_ROLE,
    status: 200,
    response: z.object({ user: sessionUserSchema }),
  }),
};
