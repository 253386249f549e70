import { computed } from 'nanostores';
import { exceptionsApi } from '@/lib/api/exceptions';
import { $router } from '../router';
import { query } from './query';

/** The queue's URL parameters: one kind to show (all when blank) and the page. */
export const exceptionsParams = (search: Record<string, string>) => ({
  kind: search.kind ?? '',
  page: search.page ?? '',
});

const exceptions = query(
  exceptionsApi.list,
  computed($router, (page) =>
    page?.route === 'exceptions' ? { query: { ...exceptionsParams(page.search), limit: 20 } } : null,
  ),
  { fallback: 'Failed to load the exceptions queue.', live: true, pick: ({ data, meta }) => ({ data, meta }) },
);

/** The page of the queue the URL asks for, with every kind's count. */
export const $exceptions = exceptions.$state;
