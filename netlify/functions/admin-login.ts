import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { login } from '../lib/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientInfo, handle, reply, requireMethod } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson } from '../lib/request-body';

const endpoint = authApi.login;

export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const input = await readJson(request, endpoint.body);
  const outcome = await login(await getDb(), input, clientInfo(request, context));
  if (outcome.kind === 'challenge') {
    return reply(endpoint, {
      status: 'two_factor_required',
      challenge: outcome.challenge,
      expires_in: outcome.expiresInSeconds,
      guarded: outcome.guarded,
    });
  }
  if (outcome.kind === 'link_sent') {
    // Whether or not a link was made (the password was right), so the answer's timing says nothing.
    deliverAfterAnswer(context);
    return reply(endpoint, { status: 'email_sent' });
  }
  return reply(endpoint, { status: 'success', user: { email: outcome.user.email } }, { 'Set-Cookie': outcome.cookie });
});

export const config: Config = {
  path: '/api/admin/login',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
