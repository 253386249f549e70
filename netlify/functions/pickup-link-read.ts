import type { Config } from '@netlify/functions';
import { pickupsApi } from '@/lib/api/pickups';
import { defineHandler, on, success } from '../lib/handler';
import { readPickupLink } from '../lib/pickup-links';

/** The pickup link's page asks what the link shows (the token in the body, never in an address). */
export default defineHandler(on(pickupsApi.read)(({ db, body }) => success(readPickupLink(db, body.token))));

export const config: Config = {
  path: '/api/pickup-link',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
