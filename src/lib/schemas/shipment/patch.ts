import { z } from 'zod';
import { blankToUndefined, optionalText, text } from '../fields';
import { correctionFields } from './corrections';
import { optionalDate, optionalDateTime } from './dates';
import { deprecatedEta, withoutEta } from './eta';
import { piecesInputSchema, weightMatchesPieces } from './pieces';
import { statusNeedingDetails } from './reason';
import { shipmentStatusSchema } from './status';

// The edit dialog's save: a change to a shipment, only the fields given.

/** A required text in a change: blank or absent leaves it as it is. */
const keptUnlessGiven = (max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(blankToUndefined, text(max, options).min(1).optional());

/**
 * The edit dialog's save (`PATCH /api/shipments/{tracking_number}`): every field optional, only those
 * given change. `notes` appends a staff note (it never replaces one). A new destination needs the
 * recipient's address in it in the same call (unless the address is the destination itself).
 */
export const shipmentPatchSchema = z
  .object({
    customer: z.preprocess(blankToUndefined, text(200).nullable().optional()),
    origin: keptUnlessGiven(200),
    destination: keptUnlessGiven(200),
    recipient_address: keptUnlessGiven(500, { multiline: true }),
    estimated_delivery: optionalDate,
    arrival_time: optionalDateTime,
    eta: deprecatedEta,
    type: optionalText(100),
    status: shipmentStatusSchema.optional(),
    notes: optionalText(2000, { multiline: true }),
    ...correctionFields,
    sender_name: keptUnlessGiven(200),
    recipient_name: keptUnlessGiven(200),
    pieces: piecesInputSchema.optional(),
  })
  .superRefine((patch, context) => {
    weightMatchesPieces(patch, context);
    const issue = statusNeedingDetails(patch.status);
    if (issue) context.addIssue({ code: 'custom', path: ['status'], message: issue });
  })
  .transform(withoutEta);
export type ShipmentPatchInput = z.infer<typeof shipmentPatchSchema>;
