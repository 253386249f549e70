import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { authorizeAdmin } from '../lib/auth';
import { handle, readJson, reply } from '../lib/http';
import { createShipmentFromDialog } from '../lib/shipments';

const endpoint = shipmentsApi.create;

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const input = await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: await createShipmentFromDialog(db, input, user) });
});

export const config: Config = {
  path: '/api/shipments',
};
