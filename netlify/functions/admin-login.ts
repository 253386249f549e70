import type { Config } from '@netlify/functions';
import { loginSchema } from '@/lib/schemas/login';
import { login } from '../lib/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, handle, json, readJson, requireMethod } from '../lib/http';

export default handle(async (request) => {
  requireMethod(request, 'POST');
  assertSameOrigin(request);
  const input = await readJson(request, loginSchema);
  const { user, cookie } = await login(await getDb(), input);
  return json(200, { status: 'success', user }, { 'Set-Cookie': cookie });
});

export const config: Config = {
  path: '/api/admin/login',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
