import type { Config } from '@netlify/functions';
import { shipmentPatchSchema } from '@/lib/schemas/shipment';
import { authorizeAdmin } from '../lib/auth';
import { handle, json, readJson } from '../lib/http';
import { shipmentPathNumber } from '../lib/shipment-path';
import { editShipment } from '../lib/shipments';

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, 'PATCH');
  const input = await readJson(request, shipmentPatchSchema);
  const trackingNumber = shipmentPathNumber(request, context, '/api/shipments/:trackingNumber');
  return json(200, { status: 'success', data: await editShipment(db, trackingNumber, input, user) });
});

export const config: Config = {
  path: '/api/shipments/:trackingNumber',
};
