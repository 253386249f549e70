import { z } from 'zod';
import { addressIsIn } from '@/lib/place';
import { blankToUndefined, optionalText, requiredText } from '../fields';
import { noControlCharacters } from '../text';
import { optionalDate, optionalDateTime } from './dates';
import { piecesInputSchema, weightMatchesPieces } from './pieces';
import { statusNeedingDetails } from './reason';
import { shipmentStatusSchema } from './status';
import { trackingNumberSchema } from './tracking-number';

// Creating a shipment with every field (`POST /api/add_tracking`, the New Shipment form). Shared by the admin
// forms (in the browser) and the functions: no server code or node modules here.

/** Non-negative amounts; form inputs may send them as numeric text. */
const amount = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
  z.number({ error: 'Must be a number' }).nonnegative('Must not be negative').max(1e12, 'Is too large'),
);
const optionalAmount = z.preprocess(blankToUndefined, amount.nullable().optional());

const email = z
  .string({ error: 'Must be a valid email address' })
  .check(noControlCharacters())
  .max(254, 'Must be at most 254 characters')
  .pipe(z.email({ error: 'Must be a valid email address' }));
const optionalEmail = z.preprocess(
  (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : value),
  email.nullable().optional(),
);

/** The public page shows the recipient's city from the destination, so the address must lie there. */
export const ADDRESS_NOT_IN_DESTINATION =
  "Must be in the destination's city (edit the destination and the address together)";

/**
 * Every field of a shipment sent on creation, as `POST /api/add_tracking` takes
 * them. `admin_notes` becomes the shipment's first staff note.
 */
export const shipmentCreateSchema = z
  .object({
    tracking_number: z.preprocess(blankToUndefined, trackingNumberSchema.optional()),
    order_date: optionalDate,
    status: shipmentStatusSchema,
    courier: optionalText(200),
    sender_name: requiredText(200, 'Sender name'),
    sender_address: optionalText(500, { multiline: true }),
    sender_email: optionalEmail,
    sender_phone: optionalText(40),
    recipient_name: requiredText(200, 'Recipient name'),
    recipient_address: requiredText(500, 'Recipient address', { multiline: true }),
    recipient_mail: optionalEmail,
    recipient_phone: optionalText(40),
    weight: optionalAmount,
    dimensions: optionalText(100),
    package_type: optionalText(100),
    contents: optionalText(500, { multiline: true }),
    declared_value: optionalAmount,
    origin: requiredText(200, 'Origin'),
    destination: requiredText(200, 'Destination'),
    shipping_date: optionalDate,
    estimated_delivery: optionalDate,
    delivery_method: optionalText(100),
    customs_status: optionalText(100),
    customs_fees: optionalAmount,
    delivery_date: optionalDate,
    agent_notes: optionalText(2000, { multiline: true }),
    admin_notes: optionalText(2000, { multiline: true }),
    current_location: optionalText(200),
    /** Next arrival: when the shipment reaches its next stop. */
    arrival_time: optionalDateTime,
    pieces: piecesInputSchema.optional(),
  })
  .superRefine((shipment, context) => {
    weightMatchesPieces(shipment, context);
    if (!addressIsIn(shipment.recipient_address, shipment.destination)) {
      context.addIssue({ code: 'custom', path: ['recipient_address'], message: ADDRESS_NOT_IN_DESTINATION });
    }
    const needs = statusNeedingDetails(shipment.status);
    if (needs) context.addIssue({ code: 'custom', path: ['status'], message: needs });
  });
export type ShipmentCreateInput = z.infer<typeof shipmentCreateSchema>;

/** The creation fields a shipment stores, in column order (its pieces are rows of their own). */
export const SHIPMENT_FIELDS = Object.keys(shipmentCreateSchema.shape).filter((field) => field !== 'pieces') as Array<
  Exclude<keyof ShipmentCreateInput, 'pieces'>
>;
