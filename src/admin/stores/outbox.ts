import { computed } from 'nanostores';
import { outboxApi } from '@/lib/api/outbox';
import { $router } from '../router';
import { query } from './query';

/** The Outbox screen's URL parameters: a state to show only, and the page (older than `cursor`). */
export const outboxParams = (search: Record<string, string>) => ({
  state: search.state ?? '',
  cursor: search.cursor ?? '',
});

const outbox = query(
  outboxApi.list,
  computed($router, (page) =>
    page?.route === 'outbox' ? { query: { ...outboxParams(page.search), limit: 50 } } : null,
  ),
  { fallback: 'Failed to load the outbox.', live: true, pick: ({ data, meta }) => ({ data, meta }) },
);

/** The page of emails the URL asks for, with the count of each state. */
export const $outbox = outbox.$state;
export const refreshOutbox = outbox.refresh;
