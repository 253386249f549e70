import type { Waybills } from '@/lib/schemas/waybill';
import { getWaybills } from '../api/waybills';
import { loadable, loader } from './load';

/** The waybills the print page shows. */
export const $waybills = loadable<Waybills>();

export const loadWaybills = loader(
  $waybills,
  async (signal, numbers: string[]) => (await getWaybills(numbers, { signal })).data,
  { fallback: 'Failed to load the waybills.', expected: { 422: 'These tracking numbers are not valid.' } },
);
