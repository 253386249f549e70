import type { Config } from '@netlify/functions';
import { runsApi } from '@/lib/api/runs';
import { defineHandler, on, success } from '../lib/handler';
import { removeStop, stopReads } from '../lib/runs';

/** A dispatcher takes a shipment off its run; the stops after it move up. */
export default defineHandler(
  on(runsApi.removeStop)(
    ({ db, user, params, results }) => success(removeStop(db, params.trackingNumber, results[0], user)),
    { reads: ({ params }) => stopReads(params.trackingNumber) },
  ),
);

export const config: Config = { path: '/api/shipments/:trackingNumber/run' };
