import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { authorizeSessionOrKey } from '../lib/api-keys';
import { purgeLookups } from '../lib/cdn';
import { handle, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson } from '../lib/request-body';
import { assertBodyMatchesPath, shipmentPathNumber } from '../lib/shipment-path';
import { updateStatus } from '../lib/shipments';

const endpoint = shipmentsApi.updateStatus;

export default handle(async (request, context) => {
  // A staff session, or a device API key (Settings > Integrations) whose write is logged under its name.
  const { db, actor } = await authorizeSessionOrKey(request, endpoint.method);
  const trackingNumber = shipmentPathNumber(request, context, endpoint.path);
  const input = await readJson(request, endpoint.body);
  assertBodyMatchesPath(input.tracking_number, trackingNumber);
  const shipment = await updateStatus(db, trackingNumber, input, actor);
  await purgeLookups(context, [trackingNumber]);
  deliverAfterAnswer(context);
  return reply(endpoint, { status: 'success', data: shipment });
});

export const config: Config = {
  path: '/api/tracking/:trackingNumber/update',
};
