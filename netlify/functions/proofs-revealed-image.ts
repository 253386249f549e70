import type { Config } from '@netlify/functions';
import { proofsApi } from '@/lib/api/proofs';
import { defineHandler, on } from '../lib/handler';
import { revealedProofImage } from '../lib/proofs';
import { countLookup } from '../lib/tracking';
import { revealTokenOf } from '../lib/tracking-reveal';

/** A proof's signature or photo for the recipient's browser, once it has revealed the shipment. */
export default defineHandler(
  on(proofsApi.revealedImage)(
    ({ db, params, request }) => revealedProofImage(db, params.trackingNumber, params.image, revealTokenOf(request)),
    { guard: countLookup },
  ),
);

export const config: Config = { path: '/api/tracking/:trackingNumber/proof/:image' };
