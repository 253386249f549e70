import type { Config } from '@netlify/functions';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { currentUser } from '../lib/auth';
import { getDb } from '../lib/db';
import { clientAddress, HttpError, handle, json, pathParam, requireMethod } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { findPublicTracking, findShipment } from '../lib/shipments';

const NOT_FOUND = 'No shipment found with this tracking number';
export const TRACKING_RATE_LIMIT = { limit: 60, windowSeconds: 60 };

export default handle(
  async (request, context) => {
    requireMethod(request, 'GET', 'HEAD');
    const db = await getDb();
    // Staff signed in get the whole shipment (the admin view screen); everyone else the public
    // fields, limited per client address.
    const admin = request.headers.has('cookie') ? await currentUser(db, request) : null;
    if (!admin) {
      await enforceRateLimit(db, { key: `tracking:${clientAddress(request, context)}`, ...TRACKING_RATE_LIMIT });
    }

    const raw = pathParam(request, context, '/api/tracking/:trackingNumber', 'trackingNumber');
    // netlify dev/serve retry a 404 as `<number>.html`, `.htm`: those keep the original answer.
    if (!raw.trim() || /\.html?$/i.test(raw)) throw new HttpError(404, NOT_FOUND);
    const trackingNumber = normalizeTrackingNumber(raw);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);

    const data = admin ? await findShipment(db, trackingNumber) : await findPublicTracking(db, trackingNumber);
    if (!data) throw new HttpError(404, NOT_FOUND);
    // The answer depends on the session cookie, so a cached public answer must never serve an admin.
    return json(
      200,
      { status: true, data },
      { Vary: 'Cookie', ...(admin ? {} : { 'Cache-Control': 'private, max-age=5' }) },
    );
  },
  { errors: 'tracking' },
);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
