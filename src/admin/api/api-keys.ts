import { apiKeysApi } from '@/lib/api/api-keys';
import type { BodyInput } from '@/lib/api/contract';
import { callApi } from './client';

/** Creates a key; the answer carries the key this once. */
export const createApiKey = (body: BodyInput<typeof apiKeysApi.create>) => callApi(apiKeysApi.create, { body });

export const revokeApiKey = (id: number) => callApi(apiKeysApi.revoke, { params: { keyId: String(id) }, body: {} });
