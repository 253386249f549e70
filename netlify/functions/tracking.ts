import type { Config, Context } from '@netlify/functions';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { getDb } from '../lib/db';
import { handle, json, pathParam } from '../lib/http';
import { findPublicTracking } from '../lib/shipments';

export default handle(async (request: Request, context: Partial<Context>) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return json(405, { status: false, error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
  }
  const raw = pathParam(request, context, '/api/tracking/:trackingNumber', 'trackingNumber');
  if (!raw.trim()) return json(404, { status: false, error: 'No shipment found with this tracking number' });

  const trackingNumber = normalizeTrackingNumber(raw);
  const problem = trackingNumberProblem(trackingNumber);
  if (problem) return json(400, { status: false, error: problem });

  const data = await findPublicTracking(await getDb(), trackingNumber);
  if (!data) return json(404, { status: false, error: 'No shipment found with this tracking number' });
  return json(200, { status: true, data }, { 'Cache-Control': 'private, max-age=5' });
});

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
};
