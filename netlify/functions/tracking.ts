import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { getDb } from '../lib/db';
import { clientAddress, HttpError, handle, pathParam, reply, requireMethod } from '../lib/http';
import { takeFromWindow } from '../lib/rate-limit';
import { findPublicTracking, NOT_FOUND, revealTokenOf, TRACKING_RATE_LIMIT } from '../lib/tracking';

const endpoint = trackingApi.lookup;

/**
 * The public lookup: the same private-by-default public fields for everyone, signed in or not (staff
 * read `GET /api/shipments/{n}`); the full address only to a browser that revealed it. Reads only.
 */
export default handle(
  async (request, context) => {
    requireMethod(request, endpoint.method, 'HEAD');
    takeFromWindow(TRACKING_RATE_LIMIT, clientAddress(request, context));

    const raw = pathParam(request, context, endpoint.path, 'trackingNumber');
    // netlify dev/serve retry a 404 as `<number>.html`, `.htm`: those keep the original answer.
    if (!raw.trim() || /\.html?$/i.test(raw)) throw new HttpError(404, NOT_FOUND);
    const trackingNumber = normalizeTrackingNumber(raw);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);

    const data = await findPublicTracking(await getDb(), trackingNumber, revealTokenOf(request));
    if (!data) throw new HttpError(404, NOT_FOUND);
    return reply(endpoint, { status: true, data }, { 'Cache-Control': 'private, max-age=5' });
  },
  { errors: 'tracking' },
);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
  // The batch lookup has a path of the same shape; it is its own function.
  excludedPath: '/api/tracking/batch',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
