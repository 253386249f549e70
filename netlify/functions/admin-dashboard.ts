import type { Config } from '@netlify/functions';
import { dashboardApi } from '@/lib/api/dashboard';
import { getDashboard } from '../lib/dashboard';
import { handle, reply } from '../lib/http';
import { authorizeAdmin } from '../lib/sessions';

/** The dashboard's figures, recent shipments, activity and chart; `dashboardSchema` says what each figure counts. */
const endpoint = dashboardApi.get;

export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, 'GET', 'HEAD');
  return reply(endpoint, { status: 'success', data: await getDashboard(db) });
});

export const config: Config = {
  path: '/api/admin/dashboard',
};
