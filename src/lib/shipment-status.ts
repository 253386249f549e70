/** The statuses a shipment can have, in the order staff pick them. */
export const SHIPMENT_STATUSES = ['preparing', 'processing', 'in_transit', 'on_hold', 'delivered'] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: 'Preparing',
  processing: 'Processing',
  in_transit: 'In Transit',
  on_hold: 'On Hold',
  delivered: 'Delivered',
};

/** Statuses that still need work before the parcel leaves (the dashboard's "pending orders"). */
export const PENDING_STATUSES: readonly ShipmentStatus[] = ['preparing', 'processing', 'on_hold'];

function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The status a text names, as stored (in_transit) or as labelled (In Transit), in any case: the one reading
 * of a status, for the schemas that check one and the badges that show one. Null when it names none.
 */
export function parseStatus(value: unknown): ShipmentStatus | null {
  const key =
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      : '';
  return isShipmentStatus(key) ? key : null;
}

export function statusLabel(value: unknown): string {
  const status = parseStatus(value);
  return status ? STATUS_LABELS[status] : 'Unknown';
}
