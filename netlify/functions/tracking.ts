import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { getDb } from '../lib/db';
import { clientAddress, HttpError, handle, pathParam, reply, requireMethod } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { findPublicTracking } from '../lib/shipments';

const endpoint = trackingApi.lookup;
const NOT_FOUND = 'No shipment found with this tracking number';
export const TRACKING_RATE_LIMIT = { limit: 60, windowSeconds: 60 };

/** The public lookup: the same public fields for everyone, signed in or not (staff read `GET /api/shipments/{n}`). */
export default handle(
  async (request, context) => {
    requireMethod(request, endpoint.method, 'HEAD');
    const db = await getDb();
    await enforceRateLimit(db, { key: `tracking:${clientAddress(request, context)}`, ...TRACKING_RATE_LIMIT });

    const raw = pathParam(request, context, endpoint.path, 'trackingNumber');
    // netlify dev/serve retry a 404 as `<number>.html`, `.htm`: those keep the original answer.
    if (!raw.trim() || /\.html?$/i.test(raw)) throw new HttpError(404, NOT_FOUND);
    const trackingNumber = normalizeTrackingNumber(raw);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);

    const data = await findPublicTracking(db, trackingNumber);
    if (!data) throw new HttpError(404, NOT_FOUND);
    return reply(endpoint, { status: true, data }, { 'Cache-Control': 'private, max-age=5' });
  },
  { errors: 'tracking' },
);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
