import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin, endOtherSessions } from '../lib/sessions';

const endpoint = accountApi.endOtherSessions;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: { ended: await endOtherSessions(db, user) } });
});

export const config: Config = {
  path: '/api/account/other-sessions',
};
