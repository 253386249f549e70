import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { defineHandler, on } from '../lib/handler';
import { listShipments, matchingReads } from '../lib/shipment-list';

/** One page of the shipments list, for staff. */
export default defineHandler(
  on(shipmentsApi.list)(
    async ({ db, query, results }) => ({ status: 'success', ...(await listShipments(db, query, results)) }),
    { reads: ({ query }) => matchingReads(query) },
  ),
);

export const config: Config = { path: '/api/trackings' };
