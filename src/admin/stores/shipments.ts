import { shipmentsApi } from '@/lib/api/shipments';
import type { ShipmentListItem } from '@/lib/schemas/shipment/list-item';
import { pagedList } from './paged-list';

/** The list's URL parameters: search, filters and the page (after `cursor`, or before `before`). */
export interface ShipmentListParams {
  q: string;
  status: string;
  type: string;
  /** Delivered at or after this moment (the dashboard's Delivered Today). */
  delivered_since: string;
  cursor: string;
  before: string;
}

export const shipmentParams = (search: Record<string, string>): ShipmentListParams => ({
  q: search.q ?? '',
  status: search.status ?? '',
  type: search.type ?? '',
  delivered_since: search.delivered_since ?? '',
  cursor: search.cursor ?? '',
  before: search.before ?? '',
});

const list = pagedList<ShipmentListItem, ShipmentListParams>(
  shipmentsApi.list,
  'shipments',
  shipmentParams,
  'Failed to fetch shipments.',
);

/** The page of shipments the URL asks for. */
export const $shipmentList = list.$state;
/** Asks for the page being shown again, keeping its rows on screen until the answer arrives. */
export const refreshShipments = list.refresh;
