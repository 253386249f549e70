/**
 * Years a shipment is kept after its last change, for the tax and customs records (the privacy page says so);
 * the housekeeping then deletes it with everything about it.
 */
export const SHIPMENT_KEEP_YEARS = 7;
