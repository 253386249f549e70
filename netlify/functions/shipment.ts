import type { Config } from '@netlify/functions';
import { shipmentsApi } from '@/lib/api/shipments';
import { purgeLookups } from '../lib/cdn';
import { HttpError, handle, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { editShipment } from '../lib/shipment-edit';
import { shipmentPathNumber } from '../lib/shipment-path';
import { findShipment, SHIPMENT_NOT_FOUND } from '../lib/shipment-read';

const { get, edit } = shipmentsApi;

/** One shipment, for staff: read it whole (GET) or change the edit dialog's fields (PATCH). */
export default handle(async (request, context) => {
  if (request.method === 'PATCH') {
    const { db, user } = await authorizeAdmin(request, edit.method);
    const input = await readJson(request, edit.body);
    const trackingNumber = shipmentPathNumber(request, context, edit.path);
    const shipment = await editShipment(db, trackingNumber, input, user);
    await purgeLookups(context, [trackingNumber]);
    // A status changed in the edit dialog is emailed like any status update.
    deliverAfterAnswer(context);
    return reply(edit, { status: 'success', data: shipment });
  }
  const { db } = await authorizeAdmin(request, get.method, 'HEAD', edit.method);
  const shipment = await findShipment(db, shipmentPathNumber(request, context, get.path));
  if (!shipment) throw new HttpError(404, SHIPMENT_NOT_FOUND);
  return reply(get, { status: 'success', data: shipment });
});

export const config: Config = {
  path: '/api/shipments/:trackingNumber',
};
