import type { Config } from '@netlify/functions';
import { apiKeysApi } from '@/lib/api/api-keys';
import { createApiKey, listApiKeys } from '../lib/api-keys';
import { defineHandler, on, success } from '../lib/handler';

/** Device API keys, for staff: list them, or create one (its key shown this once). */
export default defineHandler(
  on(apiKeysApi.list)(({ db }) => success(listApiKeys(db))),
  on(apiKeysApi.create)(async ({ db, user, body }) => {
    const { key, info } = await createApiKey(db, body, user);
    return { status: 'success', data: { ...info, key } };
  }),
);

export const config: Config = { path: '/api/api-keys' };
