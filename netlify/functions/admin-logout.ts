import type { Config } from '@netlify/functions';
import { CLEAR_SESSION_COOKIE, logout } from '../lib/auth';
import { getDb } from '../lib/db';
import { assertSameOrigin, handle, json, requireJsonContentType, requireMethod } from '../lib/http';

export default handle(async (request) => {
  requireMethod(request, 'POST');
  assertSameOrigin(request);
  requireJsonContentType(request);
  await logout(await getDb(), request);
  return json(200, { status: 'success' }, { 'Set-Cookie': CLEAR_SESSION_COOKIE });
});

export const config: Config = {
  path: '/api/admin/logout',
};
