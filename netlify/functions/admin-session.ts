import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { handle, reply } from '../lib/http';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = authApi.session;

export default handle(async (request) => {
  const { user } = await authorizeAdmin(request, 'GET', 'HEAD');
  return reply(endpoint, { user: { email: user.email } });
});

export const config: Config = {
  path: '/api/admin/session',
};
