import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { clientAddress, handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { disableTwoFactor } from '../lib/two-factor';

const endpoint = accountApi.twoFactorDisable;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const input = await readJson(request, endpoint.body);
  await disableTwoFactor(db, user, input, clientAddress(request, context));
  return reply(endpoint, { status: 'success', message: 'Two-factor sign-in is off.' });
});

export const config: Config = {
  path: '/api/account/two-factor/disable',
};
