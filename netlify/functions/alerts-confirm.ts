import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { ALERT_LIMITS } from '../lib/alerts';
import { getDb } from '../lib/db';
import { clientAddress, handle, reply, requireMethod } from '../lib/http';
import { enforceRateLimit } from '../lib/rate-limit';
import { readQuery } from '../lib/request-body';
import { confirm } from '../lib/subscriptions';

const endpoint = alertsApi.confirm;

/** The confirmation link's page posts here: the opt-in becomes active. */
export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  const db = await getDb();
  await enforceRateLimit(db, { key: `alert-links:${clientAddress(request, context)}`, ...ALERT_LIMITS.links });
  const { token } = readQuery(request, endpoint.query);
  return reply(endpoint, { status: 'success', data: await confirm(db, token) });
});

export const config: Config = {
  path: '/api/alerts/confirm',
};
