import { z } from 'zod';
import { historyEntrySchema, shipmentRecordSchema } from './shipment';

/** What the public lookup answers in `data`: only what the tracking page shows (spec section 3). */
export const trackingResultSchema = shipmentRecordSchema
  .pick({
    tracking_number: true,
    sender_name: true,
    recipient_address: true,
    weight: true,
    status: true,
    destination: true,
  })
  .extend({ histories: z.array(historyEntrySchema) });
export type TrackingResult = z.infer<typeof trackingResultSchema>;
