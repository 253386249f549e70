import type { ShipmentListItem } from '@/lib/schemas/shipment/list-item';
import { listShipments } from '../api/shipments';
import { pagedList } from './paged-list';

const PAGE_SIZE = 20;

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
  ({ q, type, ...rest }, signal) =>
    listShipments({ q: q.trim(), type: type.trim(), ...rest, limit: PAGE_SIZE }, { signal }),
  'Failed to fetch shipments.',
);

export const $shipmentList = list.$state;
export const loadShipments = list.load;
/** Reloads the page being shown (after an edit), keeping its rows on screen until the answer arrives. */
export const refreshPage = list.refresh;
