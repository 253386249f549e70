/**
 * The services a quote can be asked for: the three general ones first, then every other service the
 * site sells (src/data/services.ts; a unit test keeps the two in step). Apart from the schema, so the
 * quote form's markup lists them without bundling zod.
 */
export const QUOTE_SERVICES = [
  'Warehousing',
  'Transportation',
  'Freight Forwarding',
  'Air Freight',
  'Ocean Freight',
  'Road Freight',
  'Standard Delivery',
  'Express Delivery',
  'Same-Day Delivery',
  'International Shipping',
  'Heavy Freight',
  'Fragile Items',
  'Secure Packaging',
  'Modern Storage',
  'Smart Warehousing',
  'House Shifting',
  'Supply Chain Solutions',
  'Cargo Insurance',
  'Documentation',
] as const;

/** How long a quote request that led to no booking is kept, in months (the privacy page promises it). */
export const UNBOOKED_QUOTE_KEEP_MONTHS = 12;
