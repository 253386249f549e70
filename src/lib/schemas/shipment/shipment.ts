import { z } from 'zod';
import { shipmentChangeSchema } from './change';
import { historyEntrySchema } from './history';
import { nextStepFields } from './next-step';
import { shipmentNoteSchema } from './note';
import { pieceSchema } from './pieces';
import { shipmentRecordSchema } from './record';

/**
 * A whole shipment as the staff calls answer it: the record, its next step, its pieces, its histories, its staff notes and the
 * changes edits made, oldest first.
 */
export const shipmentSchema = shipmentRecordSchema.extend({
  ...nextStepFields,
  histories: z.array(historyEntrySchema),
  notes: z.array(shipmentNoteSchema),
  changes: z.array(shipmentChangeSchema),
  /** Its pieces in order (at least one); `weight` is their total. */
  pieces: z.array(pieceSchema),
  admin_notes: z.string().nullable().meta({
    deprecated: true,
    description:
      'The texts of `notes`, oldest first, separated by blank lines; for clients written before notes became a list.',
  }),
});
export type Shipment = z.infer<typeof shipmentSchema>;
