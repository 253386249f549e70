import { z } from 'zod';
import { timestamp } from './dates';

/** A staff-only note: who wrote it (null for notes imported from before notes had authors), when, what. */
export const shipmentNoteSchema = z.object({
  id: z.number().int(),
  author: z.string().nullable(),
  created_at: timestamp,
  text: z.string(),
});
export type ShipmentNote = z.infer<typeof shipmentNoteSchema>;
