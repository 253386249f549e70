import { z } from 'zod';
import { addressIsIn } from '@/lib/place';
import { optionalText, requiredText } from '../fields';
import { correctionFields } from './corrections';
import { ADDRESS_NOT_IN_DESTINATION } from './create';
import { optionalDate, optionalDateTime } from './dates';
import { piecesInputSchema } from './pieces';
import { shipmentStatusSchema } from './status';

// The edit dialog's form in the admin: every field it shows, checked before the changed ones are sent.

/**
 * The edit dialog's form, which holds every field it shows (starting from the current values) and
 * sends only those changed as the PATCH (./patch). Beyond the PATCH's rules: the route, the names and the
 * address cannot be emptied, and the address must lie in the destination, as the public page shows
 * the recipient's city from it.
 */
export const shipmentEditFormSchema = z
  .object({
    /** Empty keeps the current customer; else the id of the customer chosen. */
    customer: optionalText(200),
    origin: requiredText(200, 'Origin'),
    destination: requiredText(200, 'Destination'),
    recipient_address: requiredText(500, 'Recipient address', { multiline: true }),
    estimated_delivery: optionalDate,
    arrival_time: optionalDateTime,
    type: optionalText(100),
    status: shipmentStatusSchema,
    ...correctionFields,
    /** A staff note to append. */
    notes: optionalText(2000, { multiline: true }),
    pieces: piecesInputSchema.optional(),
  })
  .superRefine((form, context) => {
    if (!addressIsIn(form.recipient_address, form.destination)) {
      context.addIssue({ code: 'custom', path: ['recipient_address'], message: ADDRESS_NOT_IN_DESTINATION });
    }
  });
