import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { PRIVATE_LOOKUP_HEADERS, publicLookupHeaders } from '../lib/cdn';
import { getDb } from '../lib/db';
import { clientAddress, type FunctionContext, HttpError, handle, pathParam, reply, requireMethod } from '../lib/http';
import { takeFromWindow } from '../lib/rate-limit';
import { findPublicTracking, NOT_FOUND, revealTokenOf, TRACKING_RATE_LIMIT } from '../lib/tracking';
import batch from './tracking-batch';

const endpoint = trackingApi.lookup;

/**
 * The public lookup: the same private-by-default public fields for everyone, signed in or not (staff
 * read `GET /api/shipments/{n}`); the full address only to a browser that revealed it. Reads only.
 */
const lookup = handle(
  async (request, context) => {
    requireMethod(request, endpoint.method, 'HEAD');
    takeFromWindow(TRACKING_RATE_LIMIT, clientAddress(request, context));

    const raw = pathParam(request, context, endpoint.path, 'trackingNumber');
    // netlify dev/serve retry a 404 as `<number>.html`, `.htm`: those keep the original answer.
    if (!raw.trim() || /\.html?$/i.test(raw)) throw new HttpError(404, NOT_FOUND);
    const trackingNumber = normalizeTrackingNumber(raw);
    const problem = trackingNumberProblem(trackingNumber);
    if (problem) throw new HttpError(400, problem);

    const revealToken = revealTokenOf(request);
    const data = await findPublicTracking(await getDb(), trackingNumber, revealToken);
    if (!data) throw new HttpError(404, NOT_FOUND);
    // The CDN answers repeated lookups of a number until a write purges it; a revealing browser's are its own.
    const caching = revealToken ? PRIVATE_LOOKUP_HEADERS : publicLookupHeaders(trackingNumber);
    return reply(endpoint, { status: true, data }, caching);
  },
  { errors: 'tracking' },
);

/**
 * `/api/tracking/batch` is the batch lookup's own function, excluded from this path below. netlify
 * serve ignores `excludedPath` (it copies only a function's routes from the build manifest), so a
 * batch request that reaches this function locally is handed to it.
 */
export default (request: Request, context: FunctionContext) =>
  /^\/api\/tracking\/batch\/?$/i.test(new URL(request.url).pathname)
    ? batch(request, context)
    : lookup(request, context);

export const config: Config = {
  path: '/api/tracking/:trackingNumber',
  // The batch lookup has a path of the same shape; it is its own function.
  excludedPath: '/api/tracking/batch',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
