import type { Config } from '@netlify/functions';
import { statusUpdateSchema } from '@/lib/schemas/shipment';
import { authorizeAdmin } from '../lib/auth';
import { handle, json, readJson } from '../lib/http';
import { assertBodyMatchesPath, shipmentPathNumber } from '../lib/shipment-path';
import { updateStatus } from '../lib/shipments';

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, 'PUT');
  const input = await readJson(request, statusUpdateSchema);
  const trackingNumber = shipmentPathNumber(request, context, '/api/tracking/:trackingNumber/update');
  assertBodyMatchesPath(input.tracking_number, trackingNumber);
  return json(200, { status: 'success', data: await updateStatus(db, trackingNumber, input, user) });
});

export const config: Config = {
  path: '/api/tracking/:trackingNumber/update',
};
