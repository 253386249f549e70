import type { Config } from '@netlify/functions';
import { deliveryRequestsApi } from '@/lib/api/delivery-requests';
import { requestDelivery } from '../lib/delivery-requests';
import { defineHandler, on, success } from '../lib/handler';
import { revealTokenOf } from '../lib/tracking-reveal';

/** The recipient, after the reveal, picks another delivery day or leaves instructions for the driver. */
export default defineHandler(
  on(deliveryRequestsApi.create)(
    ({ db, params, body, request, client }) =>
      success(
        requestDelivery(db, params.trackingNumber, body, { token: revealTokenOf(request), client: client.address }),
      ),
    { purges: ({ data }) => [data.tracking_number] },
  ),
);

export const config: Config = { path: '/api/tracking/:trackingNumber/delivery-request' };
