import { computed } from 'nanostores';
import { SHIPMENT_NOT_FOUND, shipmentsApi } from '@/lib/api/shipments';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { $router } from '../router';
import { dataOf, query } from './query';

const shipment = query(
  shipmentsApi.get,
  computed($router, (page) =>
    page?.route === 'viewShipment' ? { params: { trackingNumber: page.params.trackingNumber } } : null,
  ),
  { fallback: 'Failed to fetch shipment.', expected: { 404: SHIPMENT_NOT_FOUND }, pick: dataOf },
);

/** The shipment the view screen shows. */
export const $shipment = shipment.$state;

/** Shows a shipment the server has just answered after a change, without another round trip. */
export const showShipment = (answer: Shipment) => shipment.show({ status: 'success', data: answer });
