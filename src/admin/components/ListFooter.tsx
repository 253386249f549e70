import type { PagedState } from '../stores/paged-list';
import { secondaryButtonClass } from './Field';

/** "Showing N of M <noun>" with Previous and Next, each enabled only when there is a page that way. */
export function ListFooter<T>({
  state,
  noun,
  onPrevious,
  onNext,
}: {
  state: PagedState<T>;
  noun: string;
  onPrevious: (cursor: string) => void;
  onNext: (cursor: string) => void;
}) {
  const ready = state.status === 'ready' ? state : null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p role="status">
        {ready
          ? `Showing ${ready.items.length} of ${ready.totalIsEstimate ? `${ready.total.toLocaleString('en')}+` : ready.total.toLocaleString('en')} ${noun}`
          : ''}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!ready?.prevCursor}
          onClick={() => ready?.prevCursor && onPrevious(ready.prevCursor)}
        >
          Previous
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!ready?.nextCursor}
          onClick={() => ready?.nextCursor && onNext(ready.nextCursor)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
