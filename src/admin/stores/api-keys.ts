import { atom } from 'nanostores';
import { apiKeysApi } from '@/lib/api/api-keys';
import { dataOf, query } from './query';

/** The device API keys of Settings > Integrations. */
export const $apiKeys = query(apiKeysApi.list, atom({}), {
  fallback: 'Failed to load the API keys.',
  pick: dataOf,
}).$state;
