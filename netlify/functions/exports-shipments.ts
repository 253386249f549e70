import type { Config } from '@netlify/functions';
import { exportsApi } from '@/lib/api/exports';
import { exportShipments } from '../lib/exports';
import { defineHandler, on } from '../lib/handler';
import { matchingReads } from '../lib/shipment-list';

/** The shipments the list's search and filters match, as a CSV download streamed a page at a time. */
export default defineHandler(
  on(exportsApi.shipments)(async ({ db, query, results }) => exportShipments(db, query, results), {
    reads: ({ query }) => matchingReads(query),
  }),
);

export const config: Config = { path: '/api/exports/shipments' };
