import type { BodyInput } from '@/lib/api/contract';
import { shipmentsApi } from '@/lib/api/shipments';
import { callApi } from './client';

const { addTracking, create, edit, updateStatus: status, updateLocation: location } = shipmentsApi;

/** Creates a shipment from the New Shipment page's fields. */
export const addShipment = (body: BodyInput<typeof addTracking>) => callApi(addTracking, { body });

/** Creates a shipment from the quick-add dialog. */
export const quickAddShipment = (body: BodyInput<typeof create>) => callApi(create, { body });

/** Changes the edit dialog's fields of a shipment. */
export const editShipment = (trackingNumber: string, body: BodyInput<typeof edit>) =>
  callApi(edit, { params: { trackingNumber }, body });

export const updateStatus = (body: BodyInput<typeof status>) =>
  callApi(status, { params: { trackingNumber: body.tracking_number }, body });

export const updateLocation = (body: BodyInput<typeof location>) =>
  callApi(location, { params: { trackingNumber: body.tracking_number }, body });
