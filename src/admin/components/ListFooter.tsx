import type { PagedState } from '../stores/paged-list';
import { secondaryButtonClass } from './Field';

/**
 * Where the page is in the list, "Showing 16-30 of 36 <noun>" ("Showing 15 of 36 <noun>" when its
 * place was not counted), with Previous and Next, each enabled only when there is a page that way:
 * `onPage` opens the page before one cursor or the one after another, as the list's URL names them.
 */
export function ListFooter<T>({
  state,
  noun,
  onPage,
}: {
  state: PagedState<T>;
  noun: string;
  onPage: (page: { before: string } | { cursor: string }) => void;
}) {
  const ready = state.status === 'ready' ? state : null;
  const total = ready ? `${ready.total.toLocaleString('en')}${ready.totalIsEstimate ? '+' : ''}` : '';
  const shown =
    ready?.offset != null && ready.items.length
      ? [ready.offset + 1, ...(ready.items.length > 1 ? [ready.offset + ready.items.length] : [])]
          .map((position) => position.toLocaleString('en'))
          .join('-')
      : String(ready?.items.length ?? 0);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p role="status">{ready ? `Showing ${shown} of ${total} ${noun}` : ''}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!ready?.prevCursor}
          onClick={() => ready?.prevCursor && onPage({ before: ready.prevCursor })}
        >
          Previous
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!ready?.nextCursor}
          onClick={() => ready?.nextCursor && onPage({ cursor: ready.nextCursor })}
        >
          Next
        </button>
      </div>
    </div>
  );
}
