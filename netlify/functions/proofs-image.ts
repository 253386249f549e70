import type { Config } from '@netlify/functions';
import { proofsApi } from '@/lib/api/proofs';
import { defineHandler, on } from '../lib/handler';
import { proofImage } from '../lib/proofs';

/** A proof's signature or photo, for staff and the stop's own driver. */
export default defineHandler(
  on(proofsApi.image)(({ db, params, user }) => proofImage(db, params.trackingNumber, params.image, user)),
);

export const config: Config = { path: '/api/shipments/:trackingNumber/proof/:image' };
