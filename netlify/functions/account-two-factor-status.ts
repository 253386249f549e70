import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { handle, reply } from '../lib/http';
import { authorizeAdmin } from '../lib/sessions';
import { twoFactorStatus } from '../lib/two-factor';

const endpoint = accountApi.twoFactorStatus;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  return reply(endpoint, { status: 'success', data: await twoFactorStatus(db, user.id) });
});

export const config: Config = {
  path: '/api/account/two-factor',
};
