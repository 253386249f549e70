import { PROOF_NOT_FOUND, proofsApi } from '@/lib/api/proofs';
import { Panel } from '../../components/Panel';
import { useQuery } from '../../stores/query';
import { ProofFacts, ProofImages } from '../proof/ProofDetails';

/** The view screen's proof of delivery: who signed, when, where, the signature and photo, and the print link. */
export function ProofPanel({ trackingNumber }: { trackingNumber: string }) {
  const state = useQuery(
    proofsApi.get,
    { params: { trackingNumber } },
    { fallback: 'The proof of delivery could not be loaded.', expected: { 404: PROOF_NOT_FOUND } },
  );
  return (
    <Panel title="Proof of delivery">
      {state.status === 'loading' ? (
        <p className="text-sm text-slate-700">Loading...</p>
      ) : state.status === 'error' ? (
        <p className="text-sm text-slate-700">{state.message}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ProofFacts proof={state.data} />
          <ProofImages proof={state.data} />
          <a
            href={`/admin/proof/${encodeURIComponent(trackingNumber)}`}
            target="_blank"
            rel="noopener"
            className="self-start text-sm font-semibold text-brand-700 underline"
          >
            Print proof of delivery<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      )}
    </Panel>
  );
}
