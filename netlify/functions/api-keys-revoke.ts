import type { Config } from '@netlify/functions';
import { apiKeysApi } from '@/lib/api/api-keys';
import { apiKeyReads, revokeApiKey } from '../lib/api-keys';
import { defineHandler, on, success } from '../lib/handler';

/** Staff revoke a device key: its next call is refused. The key is read with the session check. */
export default defineHandler(
  on(apiKeysApi.revoke)(({ db, user, results }) => success(revokeApiKey(db, results[0], user)), {
    reads: ({ params }) => apiKeyReads(params.keyId),
  }),
);

export const config: Config = { path: '/api/api-keys/:keyId/revoke' };
