import { atom } from 'nanostores';
import { dashboardApi } from '@/lib/api/dashboard';
import { dataOf, query } from './query';

/** The dashboard's figures, asked again whenever the dashboard opens or the tab comes back. */
export const $dashboard = query(dashboardApi.get, atom({}), {
  fallback: 'Failed to load the dashboard.',
  live: true,
  pick: dataOf,
}).$state;
