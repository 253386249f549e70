import type { Config } from '@netlify/functions';
import { shipmentListQuerySchema } from '@/lib/schemas/shipment';
import { authorizeAdmin } from '../lib/auth';
import { handle, json, readQuery } from '../lib/http';
import { listShipments } from '../lib/shipment-list';

export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, 'GET', 'HEAD');
  const query = readQuery(request, shipmentListQuerySchema);
  const page = await listShipments(db, query);
  return json(200, { status: 'success', ...page });
});

export const config: Config = {
  path: '/api/trackings',
};
