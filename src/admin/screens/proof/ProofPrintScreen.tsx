import { useStore } from '@nanostores/react';
import { PROOF_NOT_FOUND, proofsApi } from '@/lib/api/proofs';
import { SHIPMENT_NOT_FOUND, shipmentsApi } from '@/lib/api/shipments';
import { formatDateTime } from '@/lib/date-display';
import { statusLabel } from '@/lib/shipment-status';
import { entryWording } from '@/lib/timeline';
import { buttonClass, ErrorAlert } from '../../components/Field';
import { $router } from '../../router';
import { useQuery } from '../../stores/query';
import { ProofFacts, ProofImages } from './ProofDetails';

/**
 * The printable proof of delivery, one page for a dispute: the shipment's timeline, who signed, when and
 * where, the signature and the photo. No admin frame: it is what the paper shows.
 */
export default function ProofPrintScreen() {
  const page = useStore($router);
  const trackingNumber = page?.route === 'proofPrint' ? page.params.trackingNumber : '';
  const input = { params: { trackingNumber } };
  const proof = useQuery(proofsApi.get, input, {
    fallback: 'The proof of delivery could not be loaded.',
    expected: { 404: PROOF_NOT_FOUND },
  });
  const shipment = useQuery(shipmentsApi.get, input, {
    fallback: 'The shipment could not be loaded.',
    expected: { 404: SHIPMENT_NOT_FOUND },
  });

  const failed = [proof, shipment].find((state) => state.status === 'error');
  if (failed?.status === 'error') {
    return (
      <main className="mx-auto max-w-3xl p-6">
        <h1 className="text-2xl font-bold text-slate-900">Proof of delivery</h1>
        <ErrorAlert className="mt-4">{failed.message}</ErrorAlert>
      </main>
    );
  }
  if (proof.status !== 'ready' || shipment.status !== 'ready') {
    return <p className="p-6 text-sm text-slate-700">Loading...</p>;
  }
  const histories = [...shipment.data.histories].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  );
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-5 p-6 text-slate-900 print:p-0">
      <style>{'@page { margin: 12mm; }'}</style>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Proof of delivery <span className="font-mono">{trackingNumber}</span>
        </h1>
        <button type="button" className={`${buttonClass} print:hidden`} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p className="text-sm">
        To {shipment.data.recipient_name}, {shipment.data.recipient_address}
      </p>
      <section aria-labelledby="proof-delivery" className="flex flex-col gap-3">
        <h2 id="proof-delivery" className="text-lg font-semibold">
          Delivery
        </h2>
        <ProofFacts proof={proof.data} />
        <ProofImages proof={proof.data} />
      </section>
      <section aria-labelledby="proof-timeline">
        <h2 id="proof-timeline" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="mt-2 flex flex-col gap-1 text-sm" aria-label="Timeline, oldest first">
          {histories.map((entry) => {
            const { place } = entryWording(entry);
            return (
              <li key={entry.id} className="grid grid-cols-[10rem_1fr] gap-2 border-b border-slate-200 pb-1">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                <span>
                  <span className="font-semibold">{statusLabel(entry.status)}</span>
                  {place ? ` · ${place}` : ''}
                  {entry.notes ? ` · ${entry.notes}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
      </section>
    </main>
  );
}
