import type { Config } from '@netlify/functions';
import { proofsApi } from '@/lib/api/proofs';
import { defineHandler, on, success } from '../lib/handler';
import { readProof } from '../lib/proofs';

/** A shipment's proof of delivery, for staff and the stop's own driver. */
export default defineHandler(
  on(proofsApi.get)(({ db, params, user }) => success(readProof(db, params.trackingNumber, user))),
);

export const config: Config = { path: '/api/shipments/:trackingNumber/proof' };
