import type { Config } from '@netlify/functions';
import { apiKeysApi } from '@/lib/api/api-keys';
import { apiKeyReads, revokeApiKey } from '../lib/api-keys';
import { handle, pathParam, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdminReading } from '../lib/sessions';

const endpoint = apiKeysApi.revoke;

export default handle(async (request, context) => {
  // The key is read with the session check: one round trip.
  const reads = apiKeyReads(pathParam(request, context, endpoint.path, 'keyId'));
  const { db, user, results } = await authorizeAdminReading(request, [endpoint.method], reads);
  await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: await revokeApiKey(db, results[0], user) });
});

export const config: Config = {
  path: '/api/api-keys/:keyId/revoke',
};
