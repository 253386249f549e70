import type { Config } from '@netlify/functions';
import { runsApi } from '@/lib/api/runs';
import { defineHandler, on, success } from '../lib/handler';
import { runsOfDate } from '../lib/run-reads';
import { assignReads, assignStops } from '../lib/runs';

/** Runs, for dispatchers: the runs of a date with every driver, or shipments put on a driver's run. */
export default defineHandler(
  on(runsApi.list)(({ db, query }) => success(runsOfDate(db, query.date))),
  on(runsApi.assign)(({ db, user, body, results }) => success(assignStops(db, body, results, user)), {
    reads: ({ body }) => assignReads(body),
  }),
);

export const config: Config = { path: '/api/runs' };
