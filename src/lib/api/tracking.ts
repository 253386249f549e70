import { z } from 'zod';
import { trackingResultSchema } from '../schemas/tracking';
import { defineEndpoint } from './contract';

/** The public shipment lookup of the tracking page (spec section 7): no sign-in, public fields only. */
export const trackingApi = {
  lookup: defineEndpoint({
    method: 'GET',
    path: '/api/tracking/:trackingNumber',
    summary: 'Look up a shipment by tracking number (trimmed, any case): its public fields and history.',
    access: 'public',
    params: z.object({ trackingNumber: z.string().meta({ description: 'NEC followed by 9 letters or digits' }) }),
    status: 200,
    response: z.object({ status: z.literal(true), data: trackingResultSchema }),
    errors: [400, 404, 429],
    errorBody: 'tracking',
  }),
};
