import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { authorizeAdmin } from '../lib/auth';
import { handle, readJson, reply } from '../lib/http';
import { assertBodyMatchesPath, shipmentPathNumber } from '../lib/shipment-path';
import { updateLocation } from '../lib/shipments';

const endpoint = shipmentsApi.updateLocation;

export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const input = await readJson(request, endpoint.body);
  const trackingNumber = shipmentPathNumber(request, context, endpoint.path);
  assertBodyMatchesPath(input.tracking_number, trackingNumber);
  return reply(endpoint, { status: 'success', data: await updateLocation(db, trackingNumber, input, user) });
});

export const config: Config = {
  path: '/api/tracking/:trackingNumber/update-location',
};
