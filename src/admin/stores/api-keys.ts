import type { ApiKeyInfo } from '@/lib/schemas/api-keys';
import { listApiKeys } from '../api/api-keys';
import { loadable, loader } from './load';

/** The device API keys of Settings > Integrations. */
export const $apiKeys = loadable<ApiKeyInfo[]>();

export const loadApiKeys = loader($apiKeys, async (signal) => (await listApiKeys({ signal })).data, {
  fallback: 'Failed to load the API keys.',
});
