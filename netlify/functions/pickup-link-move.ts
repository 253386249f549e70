import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { movePickup, moveReads } from '../lib/pickup-links';

/** The customer moves their pickup to another day or window from the emailed link, until the cut-off. */
export default defineHandler(
  on(pickupsApi.move)(({ db, results, body }) => success(movePickup(db, results, body)), {
    reads: ({ body }) => moveReads(body.token),
    delivers: true,
  }),
);

export const config: Config = {
  path: '/api/pickup-link/move',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
