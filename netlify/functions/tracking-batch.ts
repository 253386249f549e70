import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { getDb } from '../lib/db';
import { clientAddress, handle, reply, requireMethod } from '../lib/http';
import { takeFromWindow } from '../lib/rate-limit';
import { readJson } from '../lib/request-body';
import { findPublicTrackings, planBatch, revealTokenOf, TRACKING_RATE_LIMIT } from '../lib/tracking';

const endpoint = trackingApi.batch;

/**
 * The tracking page's lookup of up to 10 numbers in one request. Each well-formed number counts as one
 * lookup against the address's limit, so a batch enumerates no faster than single lookups. Reads only.
 */
export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  const { numbers } = await readJson(request, endpoint.body);
  const { lookups, answer } = planBatch(numbers);
  takeFromWindow(TRACKING_RATE_LIMIT, clientAddress(request, context), lookups.length);
  const found = await findPublicTrackings(await getDb(), lookups, revealTokenOf(request));
  return reply(endpoint, { status: 'success', data: answer(found) });
});

export const config: Config = {
  path: '/api/tracking/batch',
  // Each request may carry 10 lookups; the application limit counts them one by one.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
