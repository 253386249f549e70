import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { defineHandler, on } from '../lib/handler';
import { batchLookup } from '../lib/tracking';

/** The tracking page's lookup of up to 10 numbers in one request; a batch enumerates no faster than single lookups. */
export default defineHandler(on(trackingApi.batch)(batchLookup));

export const config: Config = {
  path: '/api/tracking/batch',
  // Each request may carry 10 lookups; the application limit counts them one by one.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
