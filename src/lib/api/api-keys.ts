import { z } from 'zod';
import { ADMINS } from '../roles';
import { apiKeyCreateSchema, apiKeyInfoSchema } from '../schemas/api-keys';
import { defineEndpoint, recordNumber } from './contract';

export const KEY_NOT_FOUND = 'API key not found.';

const apiKeyIdParams = z.object({ keyId: recordNumber(KEY_NOT_FOUND, 'The numeric id of the key') });

/** Device API keys (Settings > Integrations > GPS Tracking API): staff create, list and revoke them. */
export const apiKeysApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/api-keys',
    summary: 'Every device API key (never its secret): name, prefix, who created it, when last used, whether revoked.',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(apiKeyInfoSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/api-keys',
    summary: 'Create a named device API key. The answer is the only time the key is shown; only its hash is stored.',
    access: 'session',
    roles: ADMINS,
    body: apiKeyCreateSchema,
    status: 201,
    response: z.object({
      status: z.literal('success'),
      data: apiKeyInfoSchema.extend({ key: z.string().meta({ description: 'The key: shown this once.' }) }),
    }),
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/api-keys/:keyId/revoke',
    summary: 'Revoke a key: its next call is refused. Revoking a revoked key changes nothing.',
    access: 'session',
    roles: ADMINS,
    params: apiKeyIdParams,
    body: z.object({}),
    status: 200,
    response: z.object({ status: z.literal('success'), data: apiKeyInfoSchema }),
    errors: [404],
  }),
};
