import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { assignPickup, assignPickupReads } from '../lib/pickups';

/** A dispatcher puts a pickup on a driver's run of its day. The pickup and driver are read with the session check. */
export default defineHandler(
  on(pickupsApi.assign)(({ db, user, body, results }) => success(assignPickup(db, results, body.driver_id, user)), {
    reads: ({ params, body }) => assignPickupReads(params.id, body.driver_id),
  }),
);

export const config: Config = { path: '/api/pickups/:id/run' };
