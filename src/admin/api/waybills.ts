import { waybillsApi } from '@/lib/api/waybills';
import { type CallOptions, callApi } from './client';

/** What the waybills of these shipments print. */
export const getWaybills = (numbers: string[], options?: CallOptions) =>
  callApi(waybillsApi.get, { query: { numbers: numbers.join(',') } }, options);
