import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { defineHandler, on } from '../lib/handler';
import { resetPassword } from '../lib/password-reset';
import { resetAnswer } from '../lib/sign-in-answer';

/** The reset link's page: a new password, then a session, or the second step of an account with two-factor sign-in. */
export default defineHandler(
  on(authApi.passwordReset)(async ({ db, body, client }) =>
    resetAnswer(authApi.passwordReset, await resetPassword(db, body, client)),
  ),
);

export const config: Config = {
  path: '/api/admin/password/reset',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
