import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on, success } from '../lib/handler';
import { createShipmentFromDialog, dialogReads } from '../lib/shipments';

/** A shipment created from the New Shipment page; its confirmation email goes out after the answer. */
export default defineHandler(
  on(shipmentsApi.create)(({ db, user, body, results }) => success(createShipmentFromDialog(db, body, user, results)), {
    reads: ({ body }) => dialogReads(body),
    delivers: true,
  }),
);

export const config: Config = { path: '/api/shipments' };
