import { z } from 'zod';
import { nullableDate, timestamp } from './dates';
import { shipmentStatusValueSchema } from './status';

// What the API answers, and rows are decoded through, for a shipment's own columns: NOT NULL columns are
// never nullable here.

const nullableText = z.string().nullable();
const nullableAmount = z.number().nullable();

/** A shipment row: every creation field plus its record fields. */
export const shipmentRecordSchema = z.object({
  id: z.number().int(),
  tracking_number: z.string(),
  customer_id: nullableText,
  order_date: nullableDate,
  status: shipmentStatusValueSchema,
  courier: nullableText,
  sender_name: z.string(),
  sender_address: nullableText,
  sender_email: nullableText,
  sender_phone: nullableText,
  recipient_name: z.string(),
  recipient_address: z.string(),
  recipient_mail: nullableText,
  recipient_phone: nullableText,
  weight: nullableAmount,
  dimensions: nullableText,
  package_type: nullableText,
  contents: nullableText,
  declared_value: nullableAmount,
  origin: z.string(),
  destination: z.string(),
  shipping_date: nullableDate,
  estimated_delivery: nullableDate,
  delivery_method: nullableText,
  customs_status: nullableText,
  customs_fees: nullableAmount,
  delivery_date: nullableDate,
  agent_notes: nullableText,
  current_location: nullableText,
  arrival_time: nullableText.meta({
    description: 'Next arrival: when the shipment reaches its next stop (ISO 8601 instant in UTC)',
  }),
  created_at: timestamp,
  updated_at: timestamp,
  reference: nullableText.meta({
    description: "The customer's own reference (an order number), from an import; null for a shipment made by hand",
  }),
});
