import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { completeLinkSignIn } from '../lib/auth';
import { defineHandler, on } from '../lib/handler';
import { signedIn } from '../lib/sign-in-answer';

/** The emailed sign-in link's page posts its token here: a session opens. */
export default defineHandler(
  on(authApi.loginLink)(async ({ db, body, client }) =>
    signedIn(authApi.loginLink, await completeLinkSignIn(db, body.token, client)),
  ),
);

export const config: Config = {
  path: '/api/admin/login/link',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
