import type { Config } from '@netlify/functions';
import { waybillsApi } from '@/lib/api/waybills';
import { authorizeAdmin } from '../lib/auth';
import { handle, readQuery, reply } from '../lib/http';
import { findWaybills } from '../lib/waybills';

const endpoint = waybillsApi.get;

/** What the waybill page prints for the shipments asked. */
export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  const { numbers } = readQuery(request, endpoint.query);
  return reply(endpoint, { status: 'success', data: await findWaybills(db, numbers) });
});

export const config: Config = {
  path: '/api/waybills',
};
