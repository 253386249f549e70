import { z } from 'zod';
import { deliveryRequestSchema } from '../schemas/exception-request';
import { trackingResultSchema } from '../schemas/tracking';
import { defineEndpoint, trackingNumberParam } from './contract';
import { TRACKING_NOT_FOUND } from './tracking';

/** The recipient acts on the public tracking page, once they revealed the address. */
export const deliveryRequestsApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/tracking/:trackingNumber/delivery-request',
    summary:
      "The recipient asks for another delivery day (one of the next 5 business days, Monday to Friday and not one of the company's closed days, from tomorrow in the company's time zone) or leaves instructions (a safe place, a neighbour, with details). Only a browser that revealed the address (its reveal cookie) may ask: 403 otherwise. Throttled per shipment and client and per client (429); 409 once delivered or returned. The request lands in the exceptions queue; the answer is the shipment with it.",
    access: 'public',
    params: z.object({ trackingNumber: trackingNumberParam(TRACKING_NOT_FOUND) }),
    body: deliveryRequestSchema,
    status: 201,
    response: z.object({ status: z.literal('success'), data: trackingResultSchema }),
    errors: [403, 404, 409, 429],
  }),
};
