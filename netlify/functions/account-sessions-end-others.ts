import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { authorizeAdmin, endOtherSessions } from '../lib/auth';
import { handle, readJson, reply } from '../lib/http';

const endpoint = accountApi.endOtherSessions;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: { ended: await endOtherSessions(db, user) } });
});

export const config: Config = {
  path: '/api/account/other-sessions',
};
