import { z } from 'zod';
import { deliveryRequestViewSchema } from './exception-request';
import { publicProofSchema } from './proof-summary';
import { calendarDate } from './shipment/dates';
import { historyEntrySchema } from './shipment/history';
import { nextStepFields } from './shipment/next-step';
import { shipmentRecordSchema } from './shipment/record';
import { noControlCharacters, text } from './text';

/** A place on the route map: its gazetteer name and coordinates. */
const mapPointSchema = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** The shipment record's fields a public lookup reads (some are shortened before they are answered). */
export const PUBLIC_SHIPMENT_FIELDS = {
  tracking_number: true,
  sender_name: true,
  recipient_address: true,
  weight: true,
  status: true,
  destination: true,
  origin: true,
  current_location: true,
  estimated_delivery: true,
  arrival_time: true,
  delivery_date: true,
} as const;

/**
 * What the public lookups answer for a shipment: only what the tracking page shows, private by
 * default. `sender_name` is shortened (first name and initial, or the company name);
 * `recipient_address` is the recipient's city and country until the browser proved the recipient's
 * email or phone (`address_revealed`). Histories oldest first; staff notes never.
 */
export const trackingResultSchema = shipmentRecordSchema.pick(PUBLIC_SHIPMENT_FIELDS).extend({
  address_revealed: z.boolean(),
  ...nextStepFields,
  /** The recipient's latest re-delivery request or instructions: only once the recipient revealed the address. */
  delivery_request: deliveryRequestViewSchema.nullable(),
  /**
   * The days the recipient may ask for another delivery on (the next business days in the company's zone, its
   * closed days left out): only once the recipient revealed the address of a shipment still to be delivered.
   */
  delivery_days: z.array(calendarDate),
  /** Whether the recipient's email or phone is on file, so the full address can be revealed. */
  can_reveal: z.boolean(),
  histories: z.array(historyEntrySchema),
  /** The proof of delivery in short (time and initials); its images only to a browser that revealed it. */
  proof: publicProofSchema.nullable(),
  /** How many pieces the shipment is, and how many of them are delivered ("2 of 3 pieces delivered"). */
  pieces: z.object({ total: z.number().int(), delivered: z.number().int() }),
  /** Coordinates of the route's places, each null when the gazetteer does not know it. */
  route: z.object({
    origin: mapPointSchema.nullable(),
    destination: mapPointSchema.nullable(),
    current: mapPointSchema.nullable(),
  }),
});
export type TrackingResult = z.infer<typeof trackingResultSchema>;

const BATCH_MAX_NUMBERS = 10;

/** `POST /api/tracking/batch`: up to 10 numbers as typed (each trimmed and upper-cased by the server). */
export const trackingBatchSchema = z.object({
  numbers: z
    .array(text(64, { error: 'Must be text' }), {
      error: (issue) => (issue.input === undefined ? 'Numbers are required' : 'Must be a list of tracking numbers'),
    })
    .min(1, 'Enter at least one tracking number')
    .max(BATCH_MAX_NUMBERS, `At most ${BATCH_MAX_NUMBERS} tracking numbers at once`),
});

/** One number's answer in a batch: the shipment, or why there is none. */
export const trackingBatchItemSchema = z.discriminatedUnion('result', [
  z.object({ number: z.string(), result: z.literal('found'), data: trackingResultSchema }),
  z.object({ number: z.string(), result: z.literal('unknown'), message: z.string() }),
  z.object({ number: z.string(), result: z.literal('malformed'), message: z.string() }),
]);
export type TrackingBatchItem = z.infer<typeof trackingBatchItemSchema>;

/**
 * `POST /api/tracking/{n}/reveal`: the recipient's email, or the last 4 digits of their phone. One of
 * the two; the answer is the shipment with its full address, and the browser keeps it for the session.
 */
export const revealSchema = z
  .object({
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string({ error: 'Must be text' })
        .normalize('NFC')
        .trim()
        .check(noControlCharacters())
        .toLowerCase()
        .max(254, 'Must be at most 254 characters')
        .optional(),
    ),
    phone_last4: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string({ error: 'Must be text' })
        .trim()
        .check(noControlCharacters())
        .regex(/^\d{4}$/, 'Must be the last 4 digits of the phone number')
        .optional(),
    ),
  })
  .refine((proof) => (proof.email === undefined) !== (proof.phone_last4 === undefined), {
    message: "Enter the recipient's email or the last 4 digits of their phone",
    path: ['email'],
  });
export type RevealInput = z.infer<typeof revealSchema>;
