import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { handle, reply } from '../lib/http';
import { authorizeAdmin, listSessions } from '../lib/sessions';

const endpoint = accountApi.sessions;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  return reply(endpoint, { status: 'success', data: await listSessions(db, user) });
});

export const config: Config = {
  path: '/api/account/sessions',
};
