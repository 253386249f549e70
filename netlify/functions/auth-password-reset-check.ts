import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { defineHandler, on } from '../lib/handler';
import { checkResetLink } from '../lib/password-reset';

/** The reset link's page asks first whether its link still works, so it can say so before a password is typed. */
export default defineHandler(
  on(authApi.passwordResetCheck)(async ({ db, body }) => {
    await checkResetLink(db, body.token);
    return { status: 'success' };
  }),
);

export const config: Config = {
  path: '/api/admin/password/reset/check',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
