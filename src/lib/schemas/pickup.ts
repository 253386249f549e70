import { z } from 'zod';
import { isRealDate } from '../company-day';
import { isPickupDay, PICKUP_DAYS_TEXT, PICKUP_WINDOWS } from '../pickup-hours';
import { normalizeTrackingNumber, trackingNumberProblem } from '../tracking-number';
import { blankToUndefined, optionalText, requiredEmail, requiredPhone, requiredText } from './fields';
import { runDriverSchema } from './run';
import { noControlCharacters } from './text';

// Pickups: a customer asks on the public site for a driver to collect parcels on a business day in a
// time window; the emailed link moves or cancels it until its cut-off; dispatchers put it on a driver's
// run, and the driver's "Picked up" books (or links) the shipment.

export const PICKUP_MAX_PIECES = 50;
const PICKUP_MAX_WEIGHT_KG = 1000;

/** A day a pickup is asked for: a real date drivers collect on (the server also checks it is not past). */
const pickupDate = z
  .string({ error: 'Please choose a day' })
  .trim()
  .check(noControlCharacters())
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please choose a day (YYYY-MM-DD)', abort: true })
  .refine(isRealDate, { message: 'Must be a real calendar date', abort: true })
  .refine(isPickupDay, `We collect ${PICKUP_DAYS_TEXT}: choose a business day`);

const pickupWindow = z.enum(PICKUP_WINDOWS, { error: 'Please choose a time window' });

/** A number the form sends as text: blank is absent. */
const formNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.'))) : value,
    schema,
  );

/** `POST /api/pickups`: the public form, checked in the browser and by the function alike. */
export const pickupRequestSchema = z.object({
  name: requiredText(120, 'Your name'),
  company: optionalText(120),
  email: requiredEmail('Your email'),
  phone: requiredPhone('A phone number for the driver'),
  address: requiredText(200, 'The pickup address'),
  city: requiredText(120, 'The city'),
  /** Where the parcels go, if the customer knows (city, country). */
  destination: optionalText(200),
  pickup_date: pickupDate,
  pickup_window: pickupWindow,
  pieces: formNumber(
    z
      .number({ error: 'Please enter how many pieces' })
      .int('Please enter a whole number of pieces')
      .min(1, 'At least 1 piece')
      .max(PICKUP_MAX_PIECES, `At most ${PICKUP_MAX_PIECES} pieces: call us for more`),
  ),
  weight_kg: formNumber(
    z
      .number({ error: 'Please enter the total weight in kg' })
      .positive('The weight must be more than 0 kg')
      .max(PICKUP_MAX_WEIGHT_KG, `At most ${PICKUP_MAX_WEIGHT_KG} kg: call us for more`),
  ),
  notes: optionalText(500, { multiline: true }),
});
export type PickupRequest = z.infer<typeof pickupRequestSchema>;

/** An emailed link's token, in a body (never in an address a log keeps). */
export const pickupTokenSchema = z.object({
  token: z
    .string({ error: 'This link is not complete' })
    .check(noControlCharacters())
    .min(1, 'This link is not complete')
    .max(100, 'This link is not complete'),
});

/** `POST /api/pickup-link/move`: the link's token and the new day and window. */
export const pickupMoveSchema = pickupTokenSchema.extend({ pickup_date: pickupDate, pickup_window: pickupWindow });

export const PICKUP_STATUSES = ['requested', 'cancelled', 'picked_up'] as const;
export const PICKUP_STATUS_LABELS: Record<(typeof PICKUP_STATUSES)[number], string> = {
  requested: 'Requested',
  cancelled: 'Cancelled',
  picked_up: 'Picked up',
};

/** What the link's page shows of a pickup, and until when it may be changed. */
export const publicPickupSchema = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  pickup_date: z.iso.date(),
  pickup_window: pickupWindow,
  pieces: z.number().int(),
  weight_kg: z.number(),
  status: z.enum(PICKUP_STATUSES),
  change_until: z.iso.datetime(),
  /** Whether it can still be moved or cancelled now. */
  changeable: z.boolean(),
});
export type PublicPickup = z.infer<typeof publicPickupSchema>;

/** A pickup as the queue, the run sheet and the driver read it. */
export const pickupRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  destination: z.string().nullable(),
  pickup_date: z.iso.date(),
  pickup_window: pickupWindow,
  pieces: z.number().int(),
  weight_kg: z.number(),
  notes: z.string().nullable(),
  status: z.enum(PICKUP_STATUSES),
  run_id: z.number().int().nullable(),
  driver: runDriverSchema.nullable(),
  tracking_number: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type PickupRecord = z.infer<typeof pickupRecordSchema>;

const optionalDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .check(noControlCharacters())
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date as YYYY-MM-DD', abort: true })
    .refine(isRealDate, 'Must be a real calendar date')
    .optional(),
);

/** `GET /api/pickups`: the pickups of a day (today when none), or of a run; by status. */
export const pickupListQuerySchema = z.object({
  date: optionalDate.meta({ description: "YYYY-MM-DD; today (the company's day) when absent" }),
  status: z.preprocess(
    blankToUndefined,
    z.enum(PICKUP_STATUSES, { error: `Must be one of ${PICKUP_STATUSES.join(', ')}` }).optional(),
  ),
  run_id: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive().optional(),
  ),
});

/** The queue: the day listed, every pickup of it in window order, and the drivers a pickup may go to. */
export const pickupListSchema = z.object({
  date: z.iso.date(),
  today: z.iso.date(),
  pickups: z.array(pickupRecordSchema),
  drivers: z.array(runDriverSchema),
});

/** `PUT /api/pickups/:id/run`: the driver whose run of the pickup's day takes it. */
export const pickupAssignSchema = z.object({
  driver_id: z.number({ error: 'Choose a driver' }).int('Choose a driver').positive('Choose a driver'),
});

/** `POST /api/pickups/:id/complete`: collected; with a tracking number, linked to that shipment instead of a new one. */
export const pickupCompleteSchema = z.object({
  tracking_number: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Must be text' })
      .check(noControlCharacters())
      .transform(normalizeTrackingNumber)
      .superRefine((value, context) => {
        const problem = trackingNumberProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
});

export const pickupCompletedSchema = z.object({ tracking_number: z.string(), created: z.boolean() });
