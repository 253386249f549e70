import type { Config } from '@netlify/functions';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { getDb } from '../lib/db';
import { handle, HttpError, json, pathParam, requireMethod } from '../lib/http';
import { findPublicTracking } from '../lib/shipments';

const NOT_FOUND = 'No shipment found with this tracking number';

export default handle(
  async (request, context) => {
    requireMethod(request, 'GET', 'HEAD');
    const raw = pathParam(request, context, '/api/tracking/:trackingNumber', 'trackingNumber');
    if (!raw.trim()) throw new HttpError(404, NOT_FOUND);

    const trackingNumber = normalizeTrackingNumber(raw);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);

    const data = await findPublicTracking(await getDb(), trackingNumber);
    if (!data) throw new HttpError(404, NOT_FOUND);
    return json(200, { status: true, data }, { 'Cache-Control': 'private, max-age=5' });
  },
  { errors: 'tracking' },
);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
};
