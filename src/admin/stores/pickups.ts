import { computed } from 'nanostores';
import { pickupsApi } from '@/lib/api/pickups';
import { $router } from '../router';
import { dataOf, query } from './query';

// The Pickups queue (a day and a status in its URL, today when no day) and a run sheet's pickups.

export const $pickups = query(
  pickupsApi.list,
  computed($router, (page) =>
    page?.route === 'pickups'
      ? { query: { date: page.search.date ?? '', status: page.search.status ?? '', run_id: '' } }
      : null,
  ),
  { fallback: 'Failed to load the pickups.', expected: { 422: 'This date is not valid.' }, pick: dataOf, live: true },
).$state;

export const $runPickups = query(
  pickupsApi.list,
  computed($router, (page) =>
    page?.route === 'runSheet' ? { query: { date: '', status: '', run_id: page.params.runId } } : null,
  ),
  { fallback: "Failed to load the run's pickups.", pick: dataOf },
).$state;
