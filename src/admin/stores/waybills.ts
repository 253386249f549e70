import { computed } from 'nanostores';
import { waybillsApi } from '@/lib/api/waybills';
import { $router } from '../router';
import { dataOf, query } from './query';

/** The tracking numbers a waybill page's URL names. */
export const waybillNumbers = (search: Record<string, string>) => (search.numbers ?? '').split(',').filter(Boolean);

/** The waybills the print page shows: the shipments its URL names. */
export const $waybills = query(
  waybillsApi.get,
  computed($router, (page) => {
    const numbers = page?.route === 'waybills' ? waybillNumbers(page.search) : [];
    return numbers.length ? { query: { numbers: numbers.join(',') } } : null;
  }),
  {
    fallback: 'Failed to load the waybills.',
    expected: { 422: 'These tracking numbers are not valid.' },
    pick: dataOf,
  },
).$state;
