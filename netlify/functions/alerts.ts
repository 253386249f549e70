import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { ALERT_LIMITS, requestAlerts } from '../lib/alerts';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientAddress, handle, reply, requireMethod } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { enforceRateLimit } from '../lib/rate-limit';
import { readJson } from '../lib/request-body';

const endpoint = alertsApi.subscribe;

/** A visitor of the tracking page asks for status emails: a confirmation email goes out first. */
export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const db = await getDb();
  await enforceRateLimit(db, { key: `alerts:${clientAddress(request, context)}`, ...ALERT_LIMITS.perAddress });
  const input = await readJson(request, endpoint.body);
  await requestAlerts(db, input);
  deliverAfterAnswer(context);
  return reply(endpoint, {
    status: 'success',
    message: `Almost done: we sent a confirmation link to ${input.email}. Status emails start once you follow it.`,
  });
});

export const config: Config = {
  path: '/api/alerts',
};
