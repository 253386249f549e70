import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { login } from '../lib/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, handle, readJson, reply, requireMethod } from '../lib/http';

const endpoint = authApi.login;

export default handle(async (request) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const input = await readJson(request, endpoint.body);
  const { user, cookie } = await login(await getDb(), input);
  return reply(endpoint, { status: 'success', user }, { 'Set-Cookie': cookie });
});

export const config: Config = {
  path: '/api/admin/login',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
