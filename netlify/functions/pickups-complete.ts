import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { completePickup, completeReads } from '../lib/pickup-completion';

/** A pickup collected (its driver's "Picked up", or the office): its shipment booked or linked, once. */
export default defineHandler(
  on(pickupsApi.complete)(
    ({ db, user, body, results }) => success(completePickup(db, results, body.tracking_number, user)),
    { reads: ({ params, body }) => completeReads(params.id, body.tracking_number), delivers: true },
  ),
);

export const config: Config = { path: '/api/pickups/:id/complete' };
