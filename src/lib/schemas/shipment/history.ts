import { z } from 'zod';
import { DELIVERY_REASONS } from '@/lib/shipment-status';
import { timestamp } from './dates';
import { shipmentStatusValueSchema } from './status';

const nullableText = z.string().nullable();

/**
 * One entry of a shipment's history (the event log customers read), the same for the public lookup
 * and the staff read: its status, where it happened (country, optional city), the expected arrival
 * there when staff gave one, and `notes` exactly as staff typed them.
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  status: shipmentStatusValueSchema,
  created_at: timestamp,
  notes: nullableText,
  location_city: nullableText,
  location_country: nullableText,
  expected_arrival: nullableText.meta({ description: 'ISO 8601 instant in UTC' }),
  reason: z
    .enum(DELIVERY_REASONS)
    .nullable()
    .meta({ description: 'Why a delivery attempt failed or the shipment is an exception' }),
});
