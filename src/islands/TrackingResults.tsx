import { NotFoundCard } from './TrackingNotFound';
import { TrackingResultPanel } from './TrackingResultPanel';
import { copyLink } from './tracking-store';
import { type TrackingBatchItem, updatedAgo } from './tracking-view';

/**
 * The results of a search on /track: when they were last heard from the server (and whether the last refresh
 * failed), the Copy link button for the page's shareable address, and a card for each number asked for.
 */
export function TrackingResults({
  items,
  fetchedAt,
  now,
  refreshFailed,
  copied,
}: {
  items: TrackingBatchItem[];
  fetchedAt: number;
  now: number;
  refreshFailed: boolean;
  copied: string | null;
}) {
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p data-testid="updated">
          {refreshFailed
            ? `Could not refresh; trying again shortly. ${updatedAgo(fetchedAt, now)}.`
            : updatedAgo(fetchedAt, now)}
        </p>
        <p className="flex items-center gap-3">
          {copied && <span>{copied}</span>}
          <button
            type="button"
            onClick={() => void copyLink()}
            className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Copy link
          </button>
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-6">
        {items.map((item) =>
          item.result === 'found' ? (
            <TrackingResultPanel key={item.number} result={item.data} />
          ) : (
            <NotFoundCard key={item.number} number={item.number} message={item.message} />
          ),
        )}
      </div>
    </div>
  );
}
