/** The statuses a shipment can have, in the order staff pick them: the trunk, then the last mile. */
export const SHIPMENT_STATUSES = [
  'preparing',
  'processing',
  'in_transit',
  'on_hold',
  'out_for_delivery',
  'delivery_failed',
  'available_for_pickup',
  'delivered',
  'returned_to_sender',
  'exception',
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: 'Preparing',
  processing: 'Processing',
  in_transit: 'In Transit',
  on_hold: 'On Hold',
  out_for_delivery: 'Out for Delivery',
  delivery_failed: 'Delivery Attempt Failed',
  available_for_pickup: 'Available for Pickup',
  delivered: 'Delivered',
  returned_to_sender: 'Returned to Sender',
  exception: 'Exception',
};

/** Statuses that still need work before the parcel leaves (the dashboard's "pending orders"). */
export const PENDING_STATUSES: readonly ShipmentStatus[] = ['preparing', 'processing', 'on_hold'];

/** Statuses after which nothing more happens to the parcel: no promise can be late, no scan is missed. */
export const FINAL_STATUSES: readonly ShipmentStatus[] = ['delivered', 'returned_to_sender'];

/**
 * Why an attempt failed or a shipment is an exception: a fixed list, so a queue can count them and
 * the public page can say each in plain words. `other` needs a note.
 */
export const DELIVERY_REASONS = [
  'recipient_not_home',
  'refused',
  'address_incorrect',
  'business_closed',
  'no_safe_place',
  'access_restricted',
  'damaged',
  'lost',
  'customs_hold',
  'weather',
  'vehicle_breakdown',
  'other',
] as const;

export type DeliveryReason = (typeof DELIVERY_REASONS)[number];

/** Each reason as staff pick it and as the recipient reads it. */
export const REASON_LABELS: Record<DeliveryReason, string> = {
  recipient_not_home: 'Recipient not home',
  refused: 'Refused by the recipient',
  address_incorrect: 'Address incorrect or incomplete',
  business_closed: 'Business closed',
  no_safe_place: 'No safe place to leave it',
  access_restricted: 'Access restricted',
  damaged: 'Damaged',
  lost: 'Lost',
  customs_hold: 'Held at customs',
  weather: 'Bad weather',
  vehicle_breakdown: 'Vehicle breakdown',
  other: 'Other',
};

/** The statuses that carry a reason, and must have one. */
export const STATUSES_WITH_REASON: readonly ShipmentStatus[] = ['delivery_failed', 'exception'];

function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The status a text names, as stored (in_transit) or as labelled (In Transit), in any case: the one reading
 * of a status, for the schemas that check one and the badges that show one. Null when it names none.
 */
export function parseStatus(value: unknown): ShipmentStatus | null {
  if (typeof value !== 'string') return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (isShipmentStatus(key)) return key;
  const labelled = SHIPMENT_STATUSES.find((status) => STATUS_LABELS[status].toLowerCase().replace(/\s+/g, '_') === key);
  return labelled ?? null;
}

export function statusLabel(value: unknown): string {
  const status = parseStatus(value);
  return status ? STATUS_LABELS[status] : 'Unknown';
}

export const reasonLabel = (reason: DeliveryReason) => REASON_LABELS[reason];
