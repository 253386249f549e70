import type { Config } from '@netlify/functions';
import { apiKeysApi } from '@/lib/api/api-keys';
import { KEY_NOT_FOUND, revokeApiKey } from '../lib/api-keys';
import { authorizeAdmin } from '../lib/auth';
import { HttpError, handle, pathParam, readJson, reply } from '../lib/http';

const endpoint = apiKeysApi.revoke;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  const id = pathParam(request, context, endpoint.path, 'keyId');
  if (!/^\d{1,15}$/.test(id)) throw new HttpError(404, KEY_NOT_FOUND);
  return reply(endpoint, { status: 'success', data: await revokeApiKey(db, Number(id), user) });
});

export const config: Config = {
  path: '/api/api-keys/:keyId/revoke',
};
