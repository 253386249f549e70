import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { login } from '../lib/auth';
import { defineHandler, on } from '../lib/handler';
import { loginAnswer } from '../lib/sign-in-answer';

/**
 * The first step of a sign-in. A sign-in link is delivered after the answer, whether or not one was
 * made (the password was right), so the answer's timing says nothing.
 */
export default defineHandler(
  on(authApi.login)(async ({ db, body, client }) => loginAnswer(authApi.login, await login(db, body, client)), {
    delivers: ({ status }) => status === 'email_sent',
  }),
);

export const config: Config = {
  path: '/api/admin/login',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
