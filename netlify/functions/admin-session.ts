import type { Config } from '@netlify/functions';
import { authorizeAdmin } from '../lib/auth';
import { handle, json } from '../lib/http';

export default handle(async (request) => {
  const { user } = await authorizeAdmin(request, 'GET', 'HEAD');
  return json(200, { user: { email: user.email } });
});

export const config: Config = {
  path: '/api/admin/session',
};
