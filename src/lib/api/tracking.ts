import { z } from 'zod';
import { revealSchema, trackingBatchItemSchema, trackingBatchSchema, trackingResultSchema } from '../schemas/tracking';
import { defineEndpoint, trackingNumberParam } from './contract';

export const TRACKING_NOT_FOUND = 'No shipment found with this tracking number';

const description = 'NEC followed by 9 letters or digits';

/**
 * The public lookups of the tracking page: no sign-in, the private-by-default public shape only.
 * They only read the database; enumeration is bounded per address by the platform's rate limit and
 * an application limit kept outside the database (netlify/lib/rate-limit.ts), each number of a batch
 * counting as one lookup.
 */
export const trackingApi = {
  lookup: defineEndpoint({
    method: 'GET',
    path: '/api/tracking/:trackingNumber',
    summary: 'Look up a shipment by tracking number (trimmed, any case): its public fields and history.',
    access: 'public',
    // As typed: the lookup says what is wrong with a malformed number (400), as the tracking page shows it.
    params: z.object({ trackingNumber: z.string().meta({ description }) }),
    status: 200,
    response: z.object({ status: z.literal(true), data: trackingResultSchema }),
    errors: [400, 404, 429],
    errorBody: 'tracking',
  }),
  batch: defineEndpoint({
    method: 'POST',
    path: '/api/tracking/batch',
    summary:
      'Look up to 10 shipments at once (the tracking page): one result per distinct number, in the order given: found, unknown or malformed.',
    access: 'public',
    body: trackingBatchSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(trackingBatchItemSchema) }),
    errors: [429],
  }),
  reveal: defineEndpoint({
    method: 'POST',
    path: '/api/tracking/:trackingNumber/reveal',
    summary:
      "Show the recipient's full address: prove the recipient's email or the last 4 digits of their phone. The browser keeps the reveal for its session (an HttpOnly cookie); attempts are limited per shipment and client, and per client.",
    access: 'public',
    params: z.object({ trackingNumber: trackingNumberParam(TRACKING_NOT_FOUND).meta({ description }) }),
    body: revealSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: trackingResultSchema }),
    errors: [403, 404, 429],
  }),
};
