import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { lookupHeaders } from '../lib/cdn';
import { defineHandler, on } from '../lib/handler';
import { batchLookup, countLookup, lookup } from '../lib/tracking';

/** The public lookup; also the batch lookup's requests under netlify serve, which ignores `excludedPath`. */
export default defineHandler(
  on(trackingApi.lookup)(lookup, {
    guard: countLookup,
    headers: ({ data }, { request }) => lookupHeaders(data.tracking_number, request),
  }),
  on(trackingApi.batch)(batchLookup),
);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
  excludedPath: '/api/tracking/batch',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
