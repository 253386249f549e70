import { computed, type ReadableAtom } from 'nanostores';
import type { ListMeta } from '@/lib/schemas/fields';
import type { Call } from '../api/client';
import type { ListRoute } from '../list-url';
import { $router } from '../router';
import { query } from './query';

/** What a paged list shows: placeholders, a message, or a page of rows with its neighbours' cursors. */
export type PagedState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      items: T[];
      total: number;
      totalIsEstimate: boolean;
      /** How many rows come before this page (null when not counted). */
      offset: number | null;
      nextCursor: string | null;
      prevCursor: string | null;
    };

const PAGE_SIZE = 20;

/**
 * A store for one keyset-paged list screen (shipments, customers, quote requests, the audit trail): its search,
 * filters and page are the URL's, so Back, a reload and a shared link show the same rows.
 * After a write the page on screen is asked again, its rows staying meanwhile.
 */
export function pagedList<T, Q extends { [K in keyof Q]: string }>(
  call: Call<{ data: T[]; meta: ListMeta }>,
  route: ListRoute,
  paramsOf: (search: Record<string, string>) => Q,
  fallback: string,
): {
  $state: ReadableAtom<PagedState<T>>;
  refresh: () => Promise<void>;
  /** Puts rows the server has just changed in place on the page shown. */
  replace: (change: (item: T) => T) => void;
} {
  const $input = computed($router, (page) => {
    if (page?.route !== route) return null;
    const params = Object.entries<string>(paramsOf(page.search)).map(([name, value]) => [name, value.trim()]);
    return { query: { ...Object.fromEntries(params), limit: PAGE_SIZE } };
  });
  const list = query(call, $input, { fallback, live: true, pick: (reply) => reply });
  const $state = computed(list.$state, (state): PagedState<T> => {
    if (state.status !== 'ready') return state;
    const { data, meta } = state.data;
    return {
      status: 'ready',
      items: data,
      total: meta.total,
      totalIsEstimate: meta.total_is_estimate,
      offset: meta.offset,
      nextCursor: meta.next_cursor,
      prevCursor: meta.prev_cursor,
    };
  });
  const replace = (change: (item: T) => T) => {
    const shown = list.$state.get();
    if (shown.status === 'ready') list.show({ ...shown.data, data: shown.data.data.map(change) });
  };
  return { $state, refresh: list.refresh, replace };
}
