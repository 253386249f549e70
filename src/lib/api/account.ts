import { z } from 'zod';
import { EVERY_ROLE } from '../roles';
import {
  emptyBodySchema,
  passwordChangeSchema,
  sessionInfoSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../schemas/account';

import { defineEndpoint } from './contract';

const sessionIdParams = z.object({
  sessionId: z.string().meta({ description: 'The public id of one of your sessions, from the session list' }),
});

/**
 * A staff member's own sign-in: two-factor sign-in (TOTP), password, sessions. Checks of a password
 * or a code here are counted by the sign-in throttle (429 with Retry-After), and a password check
 * may be refused with 503 when too many are being hashed at once.
 */
export const accountApi = {
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/api/account/two-factor',
    summary: 'Whether two-factor sign-in is on, since when, and how many recovery codes are left unused.',
    access: 'session',
    beforeTwoFactor: true,
    roles: EVERY_ROLE,
    status: 200,
    response: z.object({ status: z.literal('success'), data: twoFactorStatusSchema }),
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    summary:
      'Start (or restart) setting up two-factor sign-in: a new secret, its otpauth URI and QR code. Nothing changes until Enable confirms a code.',
    access: 'session',
    beforeTwoFactor: true,
    roles: EVERY_ROLE,
    body: emptyBodySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: twoFactorSetupSchema }),
    errors: [409],
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    summary:
      'Turn two-factor sign-in on with a code from the app set up with the secret. Answers ten one-time recovery codes, shown only this once.',
    access: 'session',
    beforeTwoFactor: true,
    roles: EVERY_ROLE,
    body: twoFactorEnableSchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      message: z.string(),
      data: z.object({ recovery_codes: z.array(z.string()).length(10) }),
    }),
    errors: [409, 429],
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    summary: 'Turn two-factor sign-in off: needs the password and a current code (or a recovery code).',
    access: 'session',
    roles: EVERY_ROLE,
    body: twoFactorDisableSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), message: z.string() }),
    errors: [409, 429],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/account/password',
    summary:
      'Change your password: current, new (12+ characters, not a common password) and its confirmation. Every other session of yours ends.',
    access: 'session',
    roles: EVERY_ROLE,
    body: passwordChangeSchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      message: z.string(),
      data: z.object({ sessions_ended: z.number().int().min(0) }),
    }),
    errors: [429],
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/account/sessions',
    summary:
      'Your live sessions, most recently used first: created, last seen, browser, address, and which is this one.',
    access: 'session',
    roles: EVERY_ROLE,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(sessionInfoSchema) }),
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/account/sessions/:sessionId',
    summary: 'End one of your sessions (send `{}`). Ending this very session signs you out and clears the cookie.',
    access: 'session',
    roles: EVERY_ROLE,
    params: sessionIdParams,
    body: emptyBodySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.object({ current: z.boolean() }) }),
    errors: [404],
  }),
  endOtherSessions: defineEndpoint({
    method: 'DELETE',
    path: '/api/account/other-sessions',
    summary: 'End every session of yours but this one (send `{}`).',
    access: 'session',
    roles: EVERY_ROLE,
    body: emptyBodySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.object({ ended: z.number().int().min(0) }) }),
  }),
};
