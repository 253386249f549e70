import type { Config } from '@netlify/functions';
import { runsApi } from '@/lib/api/runs';
import { defineHandler, on } from '../lib/handler';
import { historyFrom, historyReads } from '../lib/run-reads';

/** A shipment's run now and its assignment history, for the shipment view. */
export default defineHandler(
  on(runsApi.history)(async ({ results }) => ({ status: 'success', data: historyFrom(results) }), {
    reads: ({ params }) => historyReads(params.trackingNumber),
  }),
);

export const config: Config = { path: '/api/shipments/:trackingNumber/assignments' };
