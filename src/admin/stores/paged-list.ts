import { atom } from 'nanostores';
import type { ListMeta } from '@/lib/schemas/fields';
import { failureMessage } from './load';

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

/**
 * A store for one keyset-paged list (shipments, customers, quote requests). Each load aborts the
 * one before, so a stale answer never overwrites a newer one; `refresh` reloads the page shown,
 * keeping its rows on screen meanwhile (focus stays where it was after an edit).
 */
export function pagedList<T, Q>(
  fetchPage: (query: Q, signal: AbortSignal) => Promise<{ data: T[]; meta: ListMeta }>,
  fallback: string,
) {
  const $state = atom<PagedState<T>>({ status: 'loading' });
  let controller: AbortController | undefined;
  let last: Q | undefined;

  async function load(query: Q, { keepRows = false } = {}): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    last = query;
    if (!keepRows || $state.get().status !== 'ready') $state.set({ status: 'loading' });
    try {
      const { data, meta } = await fetchPage(query, current.signal);
      if (current.signal.aborted) return;
      $state.set({
        status: 'ready',
        items: data,
        total: meta.total,
        totalIsEstimate: meta.total_is_estimate,
        offset: meta.offset,
        nextCursor: meta.next_cursor,
        prevCursor: meta.prev_cursor,
      });
    } catch (error) {
      if (current.signal.aborted) return;
      const message = failureMessage(error, fallback);
      if (message) $state.set({ status: 'error', message });
    }
  }

  return {
    $state,
    load,
    /** Reloads the page shown with the same query. */
    refresh: () => (last === undefined ? Promise.resolve() : load(last, { keepRows: true })),
  };
}
