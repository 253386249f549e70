import type { Config } from '@netlify/functions';
import { trackingApi } from '@/lib/api/tracking';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientAddress, HttpError, handle, pathParam, reply, requireMethod } from '../lib/http';
import { readJson } from '../lib/request-body';
import { NOT_FOUND, revealAddress, revealTokenOf } from '../lib/tracking';

const endpoint = trackingApi.reveal;

/** The recipient proves their email or phone and sees the full address for this browser session. */
export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const trackingNumber = normalizeTrackingNumber(pathParam(request, context, endpoint.path, 'trackingNumber'));
  if (trackingNumberProblem(trackingNumber)) throw new HttpError(404, NOT_FOUND);
  const proof = await readJson(request, endpoint.body);
  const { data, cookie } = await revealAddress(await getDb(), trackingNumber, proof, {
    token: revealTokenOf(request),
    client: clientAddress(request, context),
  });
  return reply(endpoint, { status: 'success', data }, cookie ? { 'Set-Cookie': cookie } : {});
});

export const config: Config = {
  path: '/api/tracking/:trackingNumber/reveal',
};
