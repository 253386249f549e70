import { bulkApi } from '@/lib/api/bulk';
import type { BodyInput } from '@/lib/api/contract';
import { callApi } from './client';

/** The shipments list's bulk writes. */

/** Sets the status of the selected shipments: the answer counts those changed and says why the others were not. */
export const changeStatusOf = (body: BodyInput<typeof bulkApi.status>) => callApi(bulkApi.status, { body });
