import { SHIPMENT_NOT_FOUND } from '@/lib/api/shipments';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { getShipment } from '../api/shipments';
import { loadable, loader } from './load';

/** The shipment the view screen shows. */
export const $shipment = loadable<Shipment>();

export const loadShipment = loader(
  $shipment,
  async (signal, trackingNumber: string) => (await getShipment(trackingNumber, { signal })).data,
  { fallback: 'Failed to fetch shipment.', expected: { 404: SHIPMENT_NOT_FOUND } },
);

/** Shows a shipment the server has just answered after a change, without another round trip. */
export const showShipment = (shipment: Shipment) => $shipment.set({ status: 'ready', data: shipment });
