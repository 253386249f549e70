import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { defineHandler, on } from '../lib/handler';
import { signedIn } from '../lib/sign-in-answer';
import { completeTwoFactorLogin, twoFactorLoginReads } from '../lib/sign-in-second-step';

/** The second step of a sign-in: the challenge and a code open a session. */
export default defineHandler(
  on(authApi.loginTwoFactor)(
    async ({ db, body, client, results }) =>
      signedIn(authApi.loginTwoFactor, await completeTwoFactorLogin(db, body, client, results)),
    { reads: ({ body, client }) => twoFactorLoginReads(body.challenge, client.address, Date.now()), readsWrite: true },
  ),
);

export const config: Config = {
  path: '/api/admin/login/two-factor',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
