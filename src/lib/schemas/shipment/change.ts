import { z } from 'zod';
import { timestamp } from './dates';

/** One field an edit changed: its value before and after (null when empty; "Erased" once its owner was erased). */
export const shipmentChangeSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]).nullable(),
  author: z.string().nullable(),
  created_at: timestamp,
});
export type ShipmentChange = z.infer<typeof shipmentChangeSchema>;
