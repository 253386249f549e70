import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { changePassword } from '../lib/account';
import { clientAddress, handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = accountApi.changePassword;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const input = await readJson(request, endpoint.body);
  const { sessionsEnded } = await changePassword(db, user, input, clientAddress(request, context));
  return reply(endpoint, {
    status: 'success',
    message: 'Password updated. Your other sessions have ended.',
    data: { sessions_ended: sessionsEnded },
  });
});

export const config: Config = {
  path: '/api/account/password',
};
