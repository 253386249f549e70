import type { z } from 'zod';
import { shipmentRecordSchema } from './record';

/** A row of the admin list, as `GET /api/trackings` answers it; its ETA column is `estimated_delivery`. */
export const shipmentListItemSchema = shipmentRecordSchema.pick({
  id: true,
  tracking_number: true,
  origin: true,
  destination: true,
  current_location: true,
  status: true,
  estimated_delivery: true,
  arrival_time: true,
  package_type: true,
});
export type ShipmentListItem = z.infer<typeof shipmentListItemSchema>;
