import { shipmentsApi } from '@/lib/api/shipments';
import { RUN_ASSIGN_MAX } from '@/lib/schemas/run';
import { WAYBILLS_MAX } from '@/lib/schemas/waybill';
import { useQuery } from '../../stores/query';
import type { ListFilter, Selection } from './selection';

/** Labels print, and a run takes, this many shipments at a time. */
export const NUMBERS_MAX = Math.min(WAYBILLS_MAX, RUN_ASSIGN_MAX);

/**
 * The tracking numbers of the selection, for the actions that take numbers (labels, a run): the ticked
 * ones, or a match selection's matches read through the list's own call. `over` when there are more than
 * those actions take; `numbers` is null while the matches load.
 */
export function useSelectedNumbers(selection: Selection, count: number) {
  const over = count > NUMBERS_MAX;
  const matches = useQuery(
    shipmentsApi.list,
    selection.kind === 'matching' && !over
      ? { query: { ...(selection.filter as ListFilter), limit: NUMBERS_MAX } }
      : null,
    { fallback: 'Failed to read the selected shipments.' },
  );
  if (selection.kind === 'rows') return { over, numbers: [...selection.numbers] };
  return { over, numbers: matches?.status === 'ready' ? matches.data.map((item) => item.tracking_number) : null };
}
