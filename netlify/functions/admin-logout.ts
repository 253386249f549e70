import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, handle, reply, requireMethod } from '../lib/http';
import { requireJsonContentType } from '../lib/request-body';
import { CLEAR_SESSION_COOKIE, logout } from '../lib/sessions';

const endpoint = authApi.logout;

export default handle(async (request) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  requireJsonContentType(request);
  await logout(await getDb(), request);
  return reply(endpoint, { status: 'success' }, { 'Set-Cookie': CLEAR_SESSION_COOKIE });
});

export const config: Config = {
  path: '/api/admin/logout',
};
