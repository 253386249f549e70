import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on } from '../lib/handler';
import { createReads, createShipment } from '../lib/shipments';

/** A shipment created with the spec's field names; its confirmation email goes out after the answer. */
export default defineHandler(
  on(shipmentsApi.addTracking)(
    async ({ db, user, body, results }) => {
      const shipment = await createShipment(db, body, user, results);
      return { status: 'success', message: `Shipment ${shipment.tracking_number} added successfully!`, data: shipment };
    },
    { reads: ({ body }) => createReads(body), delivers: true },
  ),
);

export const config: Config = { path: '/api/add_tracking' };
