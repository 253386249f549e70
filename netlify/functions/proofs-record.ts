import type { Config } from '@netlify/functions';
import { proofsApi } from '@/lib/api/proofs';
import { PROOF_MAX_BYTES } from '@/lib/schemas/proof';
import { defineHandler, on, success } from '../lib/handler';
import { recordProof, stopStateRead } from '../lib/proofs';

/** The driver delivers a stop of their run with its proof: name, signature, photo, place and time. */
export default defineHandler(
  on(proofsApi.record)(
    ({ db, params, body, user, results }) => success(recordProof(db, params.trackingNumber, body, user, results)),
    {
      reads: ({ params, body, caller }) => [stopStateRead(params.trackingNumber, body.event_id, caller)],
      maxBytes: PROOF_MAX_BYTES,
      purges: ({ data }) => (data.result === 'applied' ? [data.tracking_number] : []),
      delivers: ({ data }) => data.result === 'applied',
    },
  ),
);

export const config: Config = { path: '/api/driver/stops/:trackingNumber/proof' };
