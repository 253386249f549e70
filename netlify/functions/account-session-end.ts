import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { handle, pathParam, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin, CLEAR_SESSION_COOKIE, endSession } from '../lib/sessions';

const endpoint = accountApi.endSession;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  const sessionId = pathParam(request, context, endpoint.path, 'sessionId');
  const { current } = await endSession(db, user, sessionId);
  // Ending one's own session is signing out: the cookie goes too.
  return reply(
    endpoint,
    { status: 'success', data: { current } },
    current ? { 'Set-Cookie': CLEAR_SESSION_COOKIE } : {},
  );
});

export const config: Config = {
  path: '/api/account/sessions/:sessionId',
};
