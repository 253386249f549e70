import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on, success } from '../lib/handler';
import { samePathNumber } from '../lib/shipment-path';
import { updateStatus } from '../lib/shipments';

/** A status update from staff or a device's API key (logged under the key's name), emailed to who follows it. */
export default defineHandler(
  on(shipmentsApi.updateStatus)(
    ({ db, params, body, actor }) =>
      success(updateStatus(db, samePathNumber(params.trackingNumber, body.tracking_number), body, actor)),
    { purges: ({ data }) => [data.tracking_number], delivers: true },
  ),
);

export const config: Config = { path: '/api/tracking/:trackingNumber/update' };
