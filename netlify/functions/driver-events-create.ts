import type { Config } from '@netlify/functions';
import { driverApi } from '@/lib/api/driver';
import { driverEventReads, recordDriverEvents } from '../lib/attempts';
import { defineHandler, on, success } from '../lib/handler';
import { scansChanged } from '../lib/scans';

/** What a driver records at their stops (sent from the phone's queue): in order, each once. */
export default defineHandler(
  on(driverApi.events)(({ db, user, body, results }) => success(recordDriverEvents(db, user, body.events, results)), {
    reads: ({ body, caller }) => driverEventReads(body.events, caller),
    purges: ({ data }) => scansChanged(data),
    delivers: true,
  }),
);

export const config: Config = { path: '/api/driver/events' };
