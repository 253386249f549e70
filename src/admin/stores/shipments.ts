import { atom, map } from 'nanostores';
import type { ShipmentListItem } from '@/lib/schemas/shipment';
import { listShipments } from '../api/shipments';
import { failureMessage } from './load';

export const PAGE_SIZE = 20;

export const $shipmentFilters = map({ q: '', status: '', type: '' });

export type ShipmentListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: ShipmentListItem[]; total: number; totalIsEstimate: boolean; nextCursor: string | null };

export const $shipmentList = atom<ShipmentListState>({ status: 'loading' });

/** The cursors of the pages before the current one (the first page has none). */
export const $pageCursors = atom<Array<string | undefined>>([undefined]);

let controller: AbortController | undefined;

/** Loads a page; `keepRows` leaves the shown rows in place meanwhile (a refresh keeps focus on them). */
async function load(cursor: string | undefined, { keepRows = false } = {}): Promise<void> {
  controller?.abort();
  const current = new AbortController();
  controller = current;
  if (!keepRows || $shipmentList.get().status !== 'ready') $shipmentList.set({ status: 'loading' });
  const { q, status, type } = $shipmentFilters.get();
  try {
    const answer = await listShipments(
      { q: q.trim(), status, type: type.trim(), cursor, limit: PAGE_SIZE },
      { signal: current.signal },
    );
    $shipmentList.set({
      status: 'ready',
      items: answer.data,
      total: answer.meta.total,
      totalIsEstimate: answer.meta.total_is_estimate,
      nextCursor: answer.meta.next_cursor,
    });
  } catch (error) {
    if (current.signal.aborted) return;
    const message = failureMessage(error, 'Failed to fetch shipments.');
    if (message) $shipmentList.set({ status: 'error', message });
  }
}

/** Loads the first page for the current filters. */
export function reloadShipments(): Promise<void> {
  $pageCursors.set([undefined]);
  return load(undefined);
}

/** Reloads the page being shown (after an edit), keeping its rows on screen until the answer arrives. */
export function refreshPage(): Promise<void> {
  return load($pageCursors.get().at(-1), { keepRows: true });
}

export function nextPage(): Promise<void> {
  const state = $shipmentList.get();
  if (state.status !== 'ready' || !state.nextCursor) return Promise.resolve();
  $pageCursors.set([...$pageCursors.get(), state.nextCursor]);
  return load(state.nextCursor);
}

export function previousPage(): Promise<void> {
  const cursors = $pageCursors.get();
  if (cursors.length < 2) return Promise.resolve();
  const previous = cursors.slice(0, -1);
  $pageCursors.set(previous);
  return load(previous.at(-1));
}
