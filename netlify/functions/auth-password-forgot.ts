import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { PASSWORD_RESET_PAGES } from '@/lib/api/paths';
import { defineHandler, on } from '../lib/handler';
import { askForReset } from '../lib/password-reset';

/** "Forgot password?": JSON from the page's script, or its plain form (a 303 to the page saying a link is on its way). */
export default defineHandler(
  on(authApi.passwordForgot)(async ({ db, body, client, request }) => askForReset(db, body.email, client, request), {
    form: { subject: 'Your password reset request', back: PASSWORD_RESET_PAGES.forgot },
    // Whether or not a mail was queued, so the answer's timing tells nothing.
    delivers: true,
  }),
);

export const config: Config = {
  path: '/api/admin/password/forgot',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
