import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on, success } from '../lib/handler';
import { editReads, editShipment } from '../lib/shipment-edit';
import { requireShipment } from '../lib/shipment-read';

/** One shipment, for staff: read whole, or the edit dialog's changes (a changed status is emailed as any). */
export default defineHandler(
  on(shipmentsApi.get)(({ db, params }) => success(requireShipment(db, params.trackingNumber))),
  on(shipmentsApi.edit)(
    ({ db, user, body, params, results }) => success(editShipment(db, params.trackingNumber, body, user, results)),
    {
      reads: ({ params, body }) => editReads(params.trackingNumber, body),
      purges: ({ data }) => [data.tracking_number],
      delivers: true,
    },
  ),
);

export const config: Config = { path: '/api/shipments/:trackingNumber' };
