import type { Config } from '@netlify/functions';
import { apiKeysApi } from '@/lib/api/api-keys';
import { createApiKey, listApiKeys } from '../lib/api-keys';
import { handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const { list, create } = apiKeysApi;

/** Device API keys: list them (GET) or create one (POST), for staff only. */
export default handle(async (request) => {
  if (request.method === 'POST') {
    const { db, user } = await authorizeAdmin(request, create.method);
    const input = await readJson(request, create.body);
    const { key, info } = await createApiKey(db, input, user);
    return reply(create, { status: 'success', data: { ...info, key } });
  }
  const { db } = await authorizeAdmin(request, list.method, 'HEAD', create.method);
  return reply(list, { status: 'success', data: await listApiKeys(db) });
});

export const config: Config = {
  path: '/api/api-keys',
};
