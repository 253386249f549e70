import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { ALERT_LIMITS } from '../lib/alerts';
import { getDb } from '../lib/db';
import { clientAddress, handle, reply, requireMethod } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { readQuery } from '../lib/request-body';
import { unsubscribe } from '../lib/subscriptions';

const endpoint = alertsApi.unsubscribe;

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form from
 * their own servers, so neither the body nor the origin is checked; the token is the authority.
 */
export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  const db = await getDb();
  await enforceRateLimit(db, { key: `alert-links:${clientAddress(request, context)}`, ...ALERT_LIMITS.links });
  const { token } = readQuery(request, endpoint.query);
  return reply(endpoint, { status: 'success', data: await unsubscribe(db, token) });
});

export const config: Config = {
  path: '/api/alerts/unsubscribe',
};
