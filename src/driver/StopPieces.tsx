import { pieceBarcode, piecesDeliveredText } from '@/lib/pieces';
import type { Stops } from './api';
import { SECONDARY } from './Sheet';

type Stop = Stops['stops'][number];

/**
 * A stop of several pieces: how many are delivered, and each piece to hand over on its own (found by
 * scanning its label). The stop is delivered with its last piece; "Delivered" with a signature still
 * delivers every piece at once.
 */
export function StopPieces({
  stop,
  pending,
  found,
  onDelivered,
}: {
  stop: Stop;
  /** Pieces whose delivery waits in the queue. */
  pending: ReadonlySet<number>;
  /** The piece whose label was just scanned, if any. */
  found: number | null;
  onDelivered: (piece: number) => void;
}) {
  if (stop.pieces < 2) return null;
  const delivered = new Set(stop.pieces_delivered);
  const numbers = Array.from({ length: stop.pieces }, (_, index) => index + 1);
  return (
    <section aria-label={`Pieces of ${stop.tracking_number}`} className="mt-2">
      <p className="font-medium">
        {piecesDeliveredText(delivered.size, stop.pieces) ??
          `${stop.pieces} pieces${delivered.size === stop.pieces ? ', all delivered' : ''}`}
      </p>
      <ul className="mt-1 space-y-1">
        {numbers.map((number) => {
          const barcode = pieceBarcode(stop.tracking_number, number);
          const state = delivered.has(number) ? 'Delivered' : pending.has(number) ? 'Pending' : null;
          return (
            <li
              key={number}
              className={`flex items-center justify-between gap-2 rounded-lg p-1 ${found === number ? 'bg-brand-50 ring-2 ring-brand-600' : ''}`}
            >
              <span>
                Piece {number} of {stop.pieces} <span className="text-sm text-slate-700">({barcode})</span>
              </span>
              {state ? (
                <strong className="text-sm">{state}</strong>
              ) : (
                <button type="button" id={`piece-${barcode}`} className={SECONDARY} onClick={() => onDelivered(number)}>
                  Piece {number} delivered
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
