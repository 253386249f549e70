import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { handle, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { createShipmentFromDialog } from '../lib/shipments';

const endpoint = shipmentsApi.create;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const input = await readJson(request, endpoint.body);
  const shipment = await createShipmentFromDialog(db, input, user);
  deliverAfterAnswer(context);
  return reply(endpoint, { status: 'success', data: shipment });
});

export const config: Config = {
  path: '/api/shipments',
};
