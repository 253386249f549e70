import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { clientAddress, handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { enableTwoFactor } from '../lib/two-factor';

const endpoint = accountApi.twoFactorEnable;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const { code } = await readJson(request, endpoint.body);
  const codes = await enableTwoFactor(db, user, code, clientAddress(request, context));
  return reply(endpoint, {
    status: 'success',
    message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.',
    data: { recovery_codes: codes },
  });
});

export const config: Config = {
  path: '/api/account/two-factor/enable',
};
