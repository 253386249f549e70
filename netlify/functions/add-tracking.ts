import type { Config } from '@netlify/functions';
import { shipmentCreateSchema } from '@/lib/schemas/shipment';
import { authorizeAdmin } from '../lib/auth';
import { handle, json, readJson } from '../lib/http';
import { createShipment } from '../lib/shipments';

export default handle(async (request) => {
  const { db, user } = await authorizeAdmin(request, 'POST');
  const input = await readJson(request, shipmentCreateSchema);
  const shipment = await createShipment(db, input, user);
  return json(201, {
    status: 'success',
    message: `Shipment ${shipment.tracking_number} added successfully!`,
    data: shipment,
  });
});

export const config: Config = {
  path: '/api/add_tracking',
};
