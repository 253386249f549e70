import { formatDateTime } from '@/lib/date-display';
import type { TrackingResult } from './tracking-view';

/**
 * The proof of delivery on the public page: when, and the initials of who signed. The signature and photo
 * only for a browser that revealed the shipment: their calls check the reveal's cookie, as its details do.
 */
export function DeliveryProof({ result }: { result: TrackingResult }) {
  const { proof } = result;
  if (!proof) return null;
  const image = (kind: 'signature' | 'photo') =>
    `/api/tracking/${encodeURIComponent(result.tracking_number)}/proof/${kind}`;
  return (
    <div className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4" data-testid="delivery-proof">
      <p className="font-semibold text-slate-900">
        Delivered <time dateTime={proof.delivered_at}>{formatDateTime(proof.delivered_at)}</time>, signed by{' '}
        {proof.signed_by}
      </p>
      {result.address_revealed ? (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <img
            src={image('signature')}
            alt={`Signature of ${proof.signed_by}`}
            className="h-28 w-auto max-w-full rounded border border-slate-300 bg-white"
          />
          {proof.has_photo && (
            <img
              src={image('photo')}
              alt="The parcel where it was delivered"
              className="h-40 w-auto max-w-full rounded border border-slate-300"
            />
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          The recipient can see the signature{proof.has_photo ? ' and the photo' : ''} after showing the full address
          below.
        </p>
      )}
    </div>
  );
}
