import { z } from 'zod';
import { EVERY_ROLE } from '../roles';
import { PROOF_IMAGES, proofRecordedSchema, proofSchema, proofUploadSchema } from '../schemas/proof';
import { defineEndpoint, trackingNumberParam } from './contract';
import { SHIPMENT_NOT_FOUND } from './shipments';
import { TRACKING_NOT_FOUND } from './tracking';

export const PROOF_NOT_FOUND = 'This shipment has no proof of delivery.';
export const NOT_YOUR_STOP = 'This stop is not on your run.';

const description = 'NEC followed by 9 letters or digits';
const shipmentParams = z.object({ trackingNumber: trackingNumberParam(SHIPMENT_NOT_FOUND).meta({ description }) });
const image = z.enum(PROOF_IMAGES, { error: 'No such image of a proof' }).meta({ description: 'signature or photo' });
const imageAnswer = z.string().meta({ description: 'The image (PNG, JPEG or WebP, as its type header says).' });

/**
 * Proof of delivery: the driver records it from their phone (a multipart upload: the recipient's name, the
 * drawn signature, a photo); staff and the stop's driver read it and its images through these calls only,
 * and the recipient's browser sees the images once it has revealed the shipment. No image has a public URL.
 */
export const proofsApi = {
  record: defineEndpoint({
    method: 'POST',
    path: '/api/driver/stops/:trackingNumber/proof',
    summary:
      "The driver delivers a stop of their run: the shipment becomes delivered with a history entry (\"Delivered, signed by <name>\"), its status email, and the proof (the recipient's name, the signature, an optional photo, the device's position and time). multipart/form-data, up to 716 KB. Idempotent by event_id: a repeat answers duplicate. 403 when the stop is not on the caller's run, 409 when the shipment already has a proof from another event.",
    access: 'session',
    roles: ['driver'],
    params: shipmentParams,
    accepts: 'multipart/form-data',
    body: proofUploadSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: proofRecordedSchema }),
    errors: [403, 409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/shipments/:trackingNumber/proof',
    summary:
      "A shipment's proof of delivery: who signed, when, where (position and accuracy) and who recorded it. A driver reads only the stops of their own runs.",
    access: 'session',
    roles: EVERY_ROLE,
    params: shipmentParams,
    status: 200,
    response: z.object({ status: z.literal('success'), data: proofSchema }),
    errors: [403, 404],
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/shipments/:trackingNumber/proof/:image',
    summary: "The proof's signature or photo, never cached. A driver reads only the stops of their own runs.",
    access: 'session',
    roles: EVERY_ROLE,
    params: shipmentParams.extend({ image }),
    status: 200,
    produces: 'image/*',
    response: imageAnswer,
    errors: [403, 404],
  }),
  revealedImage: defineEndpoint({
    method: 'GET',
    path: '/api/tracking/:trackingNumber/proof/:image',
    summary:
      "The proof's signature or photo for the recipient: only to a browser that revealed this shipment (the reveal's cookie), else 403.",
    access: 'public',
    params: z.object({ trackingNumber: trackingNumberParam(TRACKING_NOT_FOUND).meta({ description }), image }),
    status: 200,
    produces: 'image/*',
    response: imageAnswer,
    errors: [403, 404, 429],
  }),
};
