import { z } from 'zod';
import { OFFICE, READERS } from '../roles';
import { customerIdSchema } from '../schemas/customer';
import { blankToUndefined, listMetaSchema } from '../schemas/fields';
import { shipmentCreateSchema } from '../schemas/shipment/create';
import { shipmentDialogSchema } from '../schemas/shipment/dialog';
import { shipmentListItemSchema } from '../schemas/shipment/list-item';
import { shipmentListQuerySchema } from '../schemas/shipment/list-query';
import { locationUpdateSchema } from '../schemas/shipment/location-update';
import { shipmentPatchSchema } from '../schemas/shipment/patch';
import { shipmentSchema } from '../schemas/shipment/shipment';
import { statusUpdateSchema } from '../schemas/shipment/status-update';
import { defineEndpoint, trackingNumberParam } from './contract';

export const SHIPMENT_NOT_FOUND = 'Shipment not found.';

// Trimmed, any case; a malformed number names no shipment.
const trackingNumberParams = z.object({
  trackingNumber: trackingNumberParam(SHIPMENT_NOT_FOUND).meta({
    description: 'The tracking number: NEC followed by 9 letters or digits',
  }),
});

/**
 * `{status: "success", data: <the whole shipment>}`: the answer of every call that reads or changes one
 * shipment, with its histories and its staff notes.
 */
const oneShipment = z.object({ status: z.literal('success'), data: shipmentSchema });

/** The New Shipment page: every creation field, and the customer it is for (picked from the list), if any. */
export const newShipmentSchema = shipmentCreateSchema.extend({
  customer_id: z.preprocess(blankToUndefined, customerIdSchema.optional()),
});

/** Staff calls on shipments: list, creation, status and location updates, the staff read, the edit dialog's save. */
export const shipmentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trackings',
    summary:
      'One page of shipments, newest first: optional search (id, tracking number, places, customer, sender or recipient name, sender or recipient email or phone; accents and phone separators do not matter), status and type filters, keyset paging by cursor (`offset`: the matches before the page). The ETA column is estimated_delivery.',
    access: 'session',
    roles: READERS,
    query: shipmentListQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(shipmentListItemSchema),
      meta: listMetaSchema,
    }),
  }),
  addTracking: defineEndpoint({
    method: 'POST',
    path: '/api/add_tracking',
    summary:
      "Create a shipment from every creation field (the New Shipment page), optionally for a customer (customer_id); the tracking number is generated when absent, admin_notes becomes the first staff note, and the recipient address must lie in the destination's city.",
    access: 'session',
    roles: OFFICE,
    body: newShipmentSchema,
    status: 201,
    response: z.object({ status: z.literal('success'), message: z.string(), data: shipmentSchema }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/shipments',
    summary:
      'Create a shipment from the quick-add dialog: a customer, the route, the estimated delivery (date) and next arrival (date-time), type, status and a first staff note.',
    access: 'session',
    roles: OFFICE,
    body: shipmentDialogSchema,
    status: 201,
    response: oneShipment,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/shipments/:trackingNumber',
    summary: 'Read a whole shipment with its history (staff).',
    access: 'session',
    roles: READERS,
    params: trackingNumberParams,
    status: 200,
    response: oneShipment,
    errors: [404],
  }),
  edit: defineEndpoint({
    method: 'PATCH',
    path: '/api/shipments/:trackingNumber',
    summary:
      "Change the edit dialog's fields: the route, schedule, type and status, the sender's and recipient's contact details, the goods, courier, customs and dates; only the fields given change, a null optional field is cleared, and each change is recorded with its value before and after (the shipment's changes). estimated_delivery (date) and arrival_time (next arrival, date-time) are separate; notes appends a staff note; a new destination needs the recipient_address in it in the same call. A status change adds a history entry.",
    access: 'session',
    roles: OFFICE,
    params: trackingNumberParams,
    body: shipmentPatchSchema,
    status: 200,
    response: oneShipment,
    errors: [404],
  }),
  updateStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/tracking/:trackingNumber/update',
    summary:
      'Set the status and add a history entry with the note, and with current_country (optional current_city) where it happened, which becomes the current location; emails the status to the recipient, confirmed alert subscribers and the company (per Settings > Notifications). Staff session or device API key.',
    access: 'session-or-key',
    roles: OFFICE,
    params: trackingNumberParams,
    body: statusUpdateSchema,
    status: 200,
    response: oneShipment,
    errors: [404],
  }),
  updateLocation: defineEndpoint({
    method: 'PUT',
    path: '/api/tracking/:trackingNumber/update-location',
    summary:
      'Set the current location (country, optional city) and add a history entry carrying it and the optional note. With arrival_time the shipment is on its way there, expected then (its next arrival); without, it is there now and its next arrival is cleared.',
    access: 'session-or-key',
    roles: OFFICE,
    params: trackingNumberParams,
    body: locationUpdateSchema,
    status: 200,
    response: oneShipment,
    errors: [404],
  }),
};
