import { parseScanCode } from '@/lib/pieces';
import type { DriverAction } from '@/lib/schemas/driver';
import { statusLabel } from '@/lib/shipment-status';
import type { Stops } from './api';
import { discard, type QueueEntry } from './queue';
import { PRIMARY, SECONDARY } from './Sheet';
import { StopPieces } from './StopPieces';

type Stop = Stops['stops'][number];

/** One stop: where, who, a phone to tap, what is waiting to be sent, and the driver's actions. */
export function StopCard({
  stop,
  entries,
  highlighted,
  foundPiece,
  onAction,
  onPieceDelivered,
  onDelivered,
  onFailed,
}: {
  stop: Stop;
  entries: QueueEntry[];
  highlighted: boolean;
  foundPiece: number | null;
  onAction: (action: Exclude<DriverAction, 'failed_attempt' | 'piece_delivered'>) => void;
  onPieceDelivered: (piece: number) => void;
  onDelivered: () => void;
  onFailed: () => void;
}) {
  const headingId = `stop-${stop.tracking_number}`;
  const pendingPieces = new Set(
    entries.flatMap((entry) =>
      entry.kind === 'event' && entry.event.action === 'piece_delivered'
        ? [parseScanCode(entry.event.tracking_number)?.piece ?? 0]
        : [],
    ),
  );
  return (
    <li
      aria-labelledby={headingId}
      tabIndex={-1}
      id={`card-${stop.tracking_number}`}
      className={`rounded-xl border bg-white p-4 shadow-sm focus:outline-3 focus:outline-brand-700 ${highlighted ? 'border-brand-700 ring-2 ring-brand-600' : 'border-slate-200'}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          {stop.position}. {stop.tracking_number}
        </h2>
        <span className="rounded-full bg-slate-100 px-2 py-1 text-sm font-medium text-slate-800">
          {/* Read beside the actions, a bare "Delivered" would sound like the button of that name. */}
          <span className="sr-only">Status: </span>
          {statusLabel(stop.status)}
        </span>
      </div>
      <p className="mt-1 font-medium">{stop.recipient_name}</p>
      <p className="text-slate-700">{stop.recipient_address}</p>
      {stop.recipient_phone && (
        <a
          href={`tel:${stop.recipient_phone.replace(/[^\d+]/g, '')}`}
          className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline focus-visible:outline-3 focus-visible:outline-brand-700"
        >
          Call {stop.recipient_phone}
        </a>
      )}
      <StopPieces stop={stop} pending={pendingPieces} found={foundPiece} onDelivered={onPieceDelivered} />
      {entries.length > 0 && (
        <ul className="mt-2 space-y-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className={`rounded-lg p-2 text-sm ${entry.state === 'failed' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'}`}
            >
              {entry.state === 'pending' ? (
                <>
                  {entry.label}: <strong>Pending (will send when online)</strong>
                </>
              ) : (
                <div className="flex items-center justify-between gap-2">
                  <span>
                    {entry.label}: <strong>Not recorded.</strong> {entry.message}
                  </span>
                  <button type="button" className={SECONDARY} onClick={() => void discard(entry.id)}>
                    Discard
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button type="button" className={SECONDARY} onClick={() => onAction('picked_up')}>
          Picked up
        </button>
        <button type="button" className={SECONDARY} onClick={() => onAction('out_for_delivery')}>
          Out for delivery
        </button>
        <button type="button" className={PRIMARY} onClick={onDelivered}>
          Delivered
        </button>
        <button type="button" className={SECONDARY} onClick={onFailed}>
          Failed attempt
        </button>
      </div>
    </li>
  );
}
