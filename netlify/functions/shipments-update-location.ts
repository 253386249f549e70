import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on, success } from '../lib/handler';
import { samePathNumber } from '../lib/shipment-path';
import { updateLocation } from '../lib/shipments';

/** A location update from staff or a device's API key (logged under the key's name). */
export default defineHandler(
  on(shipmentsApi.updateLocation)(
    ({ db, params, body, actor }) =>
      success(updateLocation(db, samePathNumber(params.trackingNumber, body.tracking_number), body, actor)),
    { purges: ({ data }) => [data.tracking_number] },
  ),
);

export const config: Config = { path: '/api/tracking/:trackingNumber/update-location' };
