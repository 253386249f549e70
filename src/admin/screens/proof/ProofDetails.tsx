import { pathFor } from '@/lib/api/contract';
import { proofsApi } from '@/lib/api/proofs';
import { formatDateTime } from '@/lib/date-display';
import type { Proof } from '@/lib/schemas/proof';

/**
 * A proof of delivery's facts and images, for the shipment view and the printable page. The images load
 * through the authorized image call (the browser sends the session), never from a public address.
 */

const imageUrl = (trackingNumber: string, image: 'signature' | 'photo') =>
  pathFor(proofsApi.image, { trackingNumber, image });

/** Where it was delivered, as the phone reported it. */
function placeOf(proof: Proof): string {
  if (proof.latitude === null || proof.longitude === null) return 'Not recorded (the phone gave no position)';
  const accuracy = proof.accuracy === null ? '' : ` (within ${Math.round(proof.accuracy)} m)`;
  return `${proof.latitude.toFixed(5)}, ${proof.longitude.toFixed(5)}${accuracy}`;
}

export function ProofFacts({ proof }: { proof: Proof }) {
  const facts: Array<[string, string]> = [
    ['Signed by', proof.recipient_name],
    ['Delivered', formatDateTime(proof.delivered_at)],
    ['Place', placeOf(proof)],
    ['Recorded by', proof.recorded_by ?? 'A former staff member'],
  ];
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProofImages({ proof }: { proof: Proof }) {
  return (
    <div className="flex flex-wrap items-start gap-4">
      <figure className="flex flex-col gap-1">
        <img
          src={imageUrl(proof.tracking_number, 'signature')}
          alt={`Signature of ${proof.recipient_name}`}
          className="h-32 w-auto max-w-full rounded border border-slate-300 bg-white"
        />
        <figcaption className="text-xs text-slate-700">Signature</figcaption>
      </figure>
      {proof.has_photo ? (
        <figure className="flex flex-col gap-1">
          <img
            src={imageUrl(proof.tracking_number, 'photo')}
            alt={`The parcel ${proof.tracking_number} where it was delivered`}
            className="h-48 w-auto max-w-full rounded border border-slate-300"
          />
          <figcaption className="text-xs text-slate-700">Photo</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
