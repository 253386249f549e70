import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/date-display';
import { reasonLabel } from '@/lib/shipment-status';
import { entryWording } from '@/lib/timeline';
import { newestFirst, statusBadge, type TrackingResult } from './tracking-view';

/** Events shown before "Show all N events". */
const FIRST_EVENTS = 4;

/**
 * A found shipment's history, newest first: each event's status, place, time, note and expected arrival; the
 * first few, then all of them on request.
 */
export function TrackingTimeline({ result }: { result: TrackingResult }) {
  const [all, setAll] = useState(false);
  const id = useId();
  const events = newestFirst(result.histories);
  if (events.length === 0) return <p className="mt-2 text-slate-600">No tracking events yet.</p>;
  const shown = all ? events : events.slice(0, FIRST_EVENTS);
  return (
    <>
      <ol id={`${id}-events`} aria-label="Shipment history, newest first" className="timeline mt-4">
        {shown.map((entry, index) => {
          const { place, arrival } = entryWording(entry);
          return (
            <li
              key={entry.id}
              className="relative flex gap-4 pb-6 after:absolute after:top-5 after:bottom-0 after:left-[7px] after:w-0.5 after:bg-brand-100 last:pb-0 last:after:hidden"
            >
              <span
                aria-hidden="true"
                className={`mt-1 h-4 w-4 shrink-0 rounded-full ring-4 ${index === 0 ? 'bg-brand-700 ring-brand-100' : 'bg-slate-400 ring-slate-100'}`}
              />
              <div>
                <p className="font-semibold text-slate-900">
                  {statusBadge(entry.status).label}
                  {place && <span className="font-normal text-slate-700"> · {place}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </p>
                {entry.reason && <p className="mt-1 text-sm text-slate-800">Reason: {reasonLabel(entry.reason)}</p>}
                {entry.notes && <p className="mt-1 text-sm text-slate-800">{entry.notes}</p>}
                {arrival && (
                  <p className="mt-1 text-sm text-slate-700">
                    {arrival.label}: <time dateTime={arrival.time}>{formatDateTime(arrival.time)}</time>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {events.length > FIRST_EVENTS && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={`${id}-events`}
          onClick={() => setAll(!all)}
          className="mt-4 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {all ? 'Show fewer events' : `Show all ${events.length} events`}
        </button>
      )}
    </>
  );
}
