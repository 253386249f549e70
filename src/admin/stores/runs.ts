import { computed } from 'nanostores';
import { RUN_NOT_FOUND, runsApi } from '@/lib/api/runs';
import { $router } from '../router';
import { dataOf, query } from './query';

// The Runs screen (the date in its URL, today when none) and a run's printed sheet.

export const $runs = query(
  runsApi.list,
  computed($router, (page) => (page?.route === 'runs' ? { query: { date: page.search.date ?? '' } } : null)),
  { fallback: 'Failed to load the runs.', expected: { 422: 'This date is not valid.' }, pick: dataOf, live: true },
).$state;

export const $runSheet = query(
  runsApi.get,
  computed($router, (page) => (page?.route === 'runSheet' ? { params: { runId: page.params.runId } } : null)),
  { fallback: 'Failed to load the run.', expected: { 404: RUN_NOT_FOUND }, pick: dataOf },
).$state;
