import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { handle, reply } from '../lib/http';
import { readQuery } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { listShipments } from '../lib/shipment-list';

const endpoint = shipmentsApi.list;

export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, 'GET', 'HEAD');
  const query = readQuery(request, endpoint.query);
  const page = await listShipments(db, query);
  return reply(endpoint, { status: 'success', ...page });
});

export const config: Config = {
  path: '/api/trackings',
};
