import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { completeLinkSignIn } from '../lib/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientInfo, handle, reply, requireMethod } from '../lib/http';
import { readJson } from '../lib/request-body';

const endpoint = authApi.loginLink;

export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const { token } = await readJson(request, endpoint.body);
  const { user, cookie } = await completeLinkSignIn(await getDb(), token, clientInfo(request, context));
  return reply(endpoint, { status: 'success', user: { email: user.email } }, { 'Set-Cookie': cookie });
});

export const config: Config = {
  path: '/api/admin/login/link',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
