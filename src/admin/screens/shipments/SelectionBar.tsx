import { useId } from 'react';
import { pathFor } from '@/lib/api/contract';
import { exportsApi } from '@/lib/api/exports';
import { MATCHING_MAX, SELECTED_MAX } from '@/lib/schemas/shipment/selection';
import { secondaryButtonClass } from '../../components/Field';
import { NUMBERS_MAX, useSelectedNumbers } from './selected-numbers';
import { type ShipmentSelection, selectionBody } from './selection';

const linkClass = 'rounded px-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';
const count = (value: number) => value.toLocaleString('en');

/** What the office may do with a selection (each shown only to the roles its call allows). */
export interface BulkActions {
  changeStatus: (() => void) | null;
  assign: ((numbers: string[]) => void) | null;
  print: boolean;
  exporting: boolean;
}

/**
 * Above the list: the page's select-all box where the table's heading is not shown (phones), how many are
 * selected (said to screen readers as it changes), "Select all N matching", Clear selection, and the actions.
 */
export function SelectionBar({
  picked,
  pageSize,
  actions,
}: {
  picked: ShipmentSelection;
  pageSize: number;
  actions: BulkActions;
}) {
  const { selection, count: selected, offer } = picked;
  const limitsId = useId();
  const { over, numbers } = useSelectedNumbers(selection, selected);
  const said =
    selection.kind === 'matching'
      ? `All ${count(selected)} shipments matching the search and filters are selected.`
      : selected
        ? `${count(selected)} shipment${selected === 1 ? '' : 's'} selected.`
        : '';
  const limits = [
    ...(picked.overRows ? [`At most ${SELECTED_MAX} ticked rows at once: select all matching instead.`] : []),
    ...(over && (actions.print || actions.assign)
      ? [`Labels and runs take up to ${NUMBERS_MAX} shipments at once.`]
      : []),
  ];
  const exportSearch = new URLSearchParams(
    selection.kind === 'rows'
      ? { numbers: [...selection.numbers].join(',') }
      : (selectionBody(selection).filter as Record<string, string>),
  );
  const numbersReady = !over && numbers !== null && numbers.length > 0;

  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      {pageSize > 0 ? (
        <label className="flex items-center gap-2 text-slate-900 md:hidden">
          <input
            type="checkbox"
            checked={picked.page.whole}
            ref={(box) => {
              if (box) box.indeterminate = picked.page.selected > 0 && !picked.page.whole;
            }}
            onChange={(event) => picked.toggle(picked.pageNumbers, event.target.checked)}
          />
          Select every shipment on this page
        </label>
      ) : null}
      <p role="status" className="font-semibold text-slate-900">
        {said}
      </p>
      {offer && !offer.tooMany ? (
        <button type="button" className={linkClass} onClick={picked.selectMatching}>
          Select all {count(offer.total)} matching
        </button>
      ) : null}
      {offer?.tooMany ? (
        <p className="text-slate-700">
          Over {count(MATCHING_MAX)} match: narrow the search or filters to select them all.
        </p>
      ) : null}
      {selected ? (
        <button type="button" className={linkClass} onClick={picked.clear}>
          Clear selection
        </button>
      ) : null}
      {selected ? (
        <div className="flex w-full flex-wrap gap-2">
          {actions.changeStatus ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={picked.overRows}
              aria-describedby={limits.length ? limitsId : undefined}
              onClick={actions.changeStatus}
            >
              Change status ({count(selected)})
            </button>
          ) : null}
          {actions.assign ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={!numbersReady}
              aria-describedby={limits.length ? limitsId : undefined}
              onClick={() => numbers && actions.assign?.(numbers)}
            >
              Assign to run ({count(selected)})
            </button>
          ) : null}
          {actions.print && numbersReady ? (
            <a
              href={`/admin/waybills?format=label&numbers=${numbers.join(',')}`}
              target="_blank"
              rel="noopener"
              className={secondaryButtonClass}
            >
              Print labels ({count(selected)})<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : actions.print ? (
            <button
              type="button"
              disabled
              className={secondaryButtonClass}
              aria-describedby={limits.length ? limitsId : undefined}
            >
              Print labels ({count(selected)})
            </button>
          ) : null}
          {actions.exporting && !picked.overRows ? (
            <a
              href={`${pathFor(exportsApi.shipments)}?${exportSearch}`}
              download="shipments.csv"
              target="_self"
              className={secondaryButtonClass}
            >
              Export selected<span className="sr-only"> as CSV</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {limits.length ? (
        <p id={limitsId} className="w-full text-slate-700">
          {limits.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
