import type { Config } from '@netlify/functions';
import { shipmentDialogSchema } from '@/lib/schemas/shipment';
import { authorizeAdmin } from '../lib/auth';
import { handle, json, readJson } from '../lib/http';
import { createShipmentFromDialog } from '../lib/shipments';

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, 'POST');
  const input = await readJson(request, shipmentDialogSchema);
  return json(201, { status: 'success', data: await createShipmentFromDialog(db, input, user) });
});

export const config: Config = {
  path: '/api/shipments',
};
