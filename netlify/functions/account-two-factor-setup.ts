import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { startTwoFactorSetup } from '../lib/two-factor';

const endpoint = accountApi.twoFactorSetup;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: await startTwoFactorSetup(db, user) });
});

export const config: Config = {
  path: '/api/account/two-factor/setup',
};
