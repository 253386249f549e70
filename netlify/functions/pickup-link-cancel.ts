import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { cancelPickup } from '../lib/pickup-links';

/** The customer cancels their pickup from the emailed link, until the cut-off. */
export default defineHandler(
  on(pickupsApi.cancel)(({ db, body }) => success(cancelPickup(db, body.token)), { delivers: true }),
);

export const config: Config = {
  path: '/api/pickup-link/cancel',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
