import type { Config } from '@netlify/functions';
import { runsApi } from '@/lib/api/runs';
import { defineHandler, on, success } from '../lib/handler';
import { reorderStops } from '../lib/runs';

/** A dispatcher puts a run's stops in a new order (every stop of the run, each once). */
export default defineHandler(
  on(runsApi.reorder)(({ db, user, params, body }) =>
    success(reorderStops(db, params.runId, body.tracking_numbers, user)),
  ),
);

export const config: Config = { path: '/api/runs/:runId/stops' };
