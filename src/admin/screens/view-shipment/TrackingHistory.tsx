import { formatDateTime } from '@/lib/date-display';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { reasonLabel } from '@/lib/shipment-status';
import { entryWording } from '@/lib/timeline';
import { Panel } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';

/**
 * The Tracking History panel of the view screen: the shipment's events newest first, as customers see them on
 * the public tracking page (status, time, place, expected arrival, note).
 */
export function TrackingHistory({ histories }: { histories: Shipment['histories'] }) {
  const newest = [...histories].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <Panel title="Tracking History">
      <p className="mb-3 text-sm text-slate-700">Customers see these events on the public tracking page.</p>
      {newest.length === 0 ? (
        <p className="text-sm text-slate-700">No history yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Tracking history, newest first">
          {newest.map((entry) => {
            const { place, arrival } = entryWording(entry);
            return (
              <li key={entry.id} className="border-l-4 border-brand-600 pl-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={entry.status} />
                  <time dateTime={entry.created_at} className="text-slate-700">
                    {formatDateTime(entry.created_at)}
                  </time>
                </div>
                {place ? <p className="mt-1 text-slate-900">{place}</p> : null}
                {arrival ? (
                  <p className="mt-1 text-slate-700">
                    {arrival.label}: <time dateTime={arrival.time}>{formatDateTime(arrival.time)}</time>
                  </p>
                ) : null}
                {entry.reason ? (
                  <p className="mt-1 font-medium text-slate-900">Reason: {reasonLabel(entry.reason)}</p>
                ) : null}
                {entry.notes ? <p className="mt-1 whitespace-pre-line text-slate-900">{entry.notes}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
