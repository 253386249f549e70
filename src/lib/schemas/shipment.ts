import { z } from 'zod';
import { SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { TRACKING_NUMBER_PATTERN } from '@/lib/tracking-number';

// Shared by the admin forms (in the browser) and the functions: no server code or node modules here.

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Blank form inputs mean "not given". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** "Required" when absent, "Must be text" when of another type. */
const textError = (required: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : 'Must be text';
const text = (max: number, required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .max(max, `Must be at most ${max} characters`);
const requiredText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, text(max, `${label} is required`).min(1, `${label} is required`));
const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).nullable().optional());

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const date = z
  .string({ error: textError('Is required') })
  .trim()
  .regex(DATE_PATTERN, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'Must be a real calendar date');
const optionalDate = z.preprocess(blankToUndefined, date.nullable().optional());

/** A date, or a date and time (ISO 8601, e.g. from a datetime-local input). */
const dateTime = (required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .regex(DATE_TIME_PATTERN, {
      message: 'Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)',
      abort: true,
    })
    .refine(
      (value) => isRealDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value.replace(' ', 'T'))),
      'Must be a real date and time',
    );
const optionalDateTime = z.preprocess(blankToUndefined, dateTime().nullable().optional());

/** Non-negative amounts; form inputs may send them as numeric text. */
const amount = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
  z.number({ error: 'Must be a number' }).nonnegative('Must not be negative').max(1e12, 'Is too large'),
);
const optionalAmount = z.preprocess(blankToUndefined, amount.nullable().optional());

const email = z.email({ error: 'Must be a valid email address' }).max(254, 'Must be at most 254 characters');
const optionalEmail = z.preprocess(
  (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : value),
  email.nullable().optional(),
);

const statusSchema = (required: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? blankToUndefined(
            value
              .trim()
              .toLowerCase()
              .replace(/[\s-]+/g, '_'),
          )
        : value,
    z.enum(SHIPMENT_STATUSES, {
      error: (issue) => (issue.input === undefined ? required : `Must be one of ${SHIPMENT_STATUSES.join(', ')}`),
    }),
  );

/** A status as stored (in_transit) or as labelled (In Transit), any case. */
export const shipmentStatusSchema = statusSchema('Status is required');

export const trackingNumberSchema = z
  .string({ error: textError('Tracking number is required') })
  .trim()
  .toUpperCase()
  .regex(TRACKING_NUMBER_PATTERN, 'Must be NEC followed by 9 letters A-Z or digits 0-9');

/** Every field of a shipment sent on creation (spec section 3), as `POST /api/add_tracking` takes them. */
export const shipmentCreateSchema = z.object({
  tracking_number: z.preprocess(blankToUndefined, trackingNumberSchema.optional()),
  order_date: optionalDate,
  status: shipmentStatusSchema,
  courier: optionalText(200),
  sender_name: requiredText(200, 'Sender name'),
  sender_address: optionalText(500),
  sender_email: optionalEmail,
  sender_phone: optionalText(40),
  recipient_name: requiredText(200, 'Recipient name'),
  recipient_address: requiredText(500, 'Recipient address'),
  recipient_mail: optionalEmail,
  recipient_phone: optionalText(40),
  weight: optionalAmount,
  dimensions: optionalText(100),
  package_type: optionalText(100),
  contents: optionalText(500),
  declared_value: optionalAmount,
  origin: requiredText(200, 'Origin'),
  destination: requiredText(200, 'Destination'),
  shipping_date: optionalDate,
  estimated_delivery: optionalDate,
  delivery_method: optionalText(100),
  customs_status: optionalText(100),
  customs_fees: optionalAmount,
  delivery_date: optionalDate,
  agent_notes: optionalText(2000),
  admin_notes: optionalText(2000),
  current_location: optionalText(200),
  arrival_time: optionalDateTime,
});
export type ShipmentCreateInput = z.infer<typeof shipmentCreateSchema>;

/** The creation fields a shipment stores, in column order. */
export const SHIPMENT_FIELDS = Object.keys(shipmentCreateSchema.shape) as Array<keyof ShipmentCreateInput>;

/** The Manage Shipments add dialog (`POST /api/shipments`). `customer` is a customer id (CUS-####) or exact name. */
export const shipmentDialogSchema = z.object({
  customer: requiredText(200, 'Customer'),
  origin: requiredText(200, 'Origin'),
  destination: requiredText(200, 'Destination'),
  eta: optionalDate,
  type: optionalText(100),
  status: shipmentStatusSchema,
  notes: optionalText(2000),
});
export type ShipmentDialogInput = z.infer<typeof shipmentDialogSchema>;

/** The edit dialog's save (`PATCH /api/shipments/{tracking_number}`): the dialog's fields, all optional. */
export const shipmentPatchSchema = z.object({
  customer: z.preprocess(blankToUndefined, text(200).nullable().optional()),
  origin: z.preprocess(blankToUndefined, text(200).min(1).optional()),
  destination: z.preprocess(blankToUndefined, text(200).min(1).optional()),
  eta: optionalDate,
  type: optionalText(100),
  status: shipmentStatusSchema.optional(),
  notes: optionalText(2000),
});
export type ShipmentPatchInput = z.infer<typeof shipmentPatchSchema>;

/** `PUT /api/tracking/{tracking_number}/update`. */
export const statusUpdateSchema = z.object({
  tracking_number: trackingNumberSchema,
  status: statusSchema('Please select a status'),
  note: optionalText(2000),
});
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

const BOTH_REQUIRED = 'Please enter both country and arrival time';

/** `PUT /api/tracking/{tracking_number}/update-location`. */
export const locationUpdateSchema = z.object({
  tracking_number: trackingNumberSchema,
  current_country: z.preprocess(blankToUndefined, text(200, BOTH_REQUIRED)),
  arrival_time: z.preprocess(blankToUndefined, dateTime(BOTH_REQUIRED)),
});
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;
/** The list counts its matches exactly up to this many; beyond it, `total` is this and an estimate. */
export const LIST_TOTAL_CAP = 10_000;

/** The query of `GET /api/trackings`. */
export const shipmentListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, text(200).optional()),
  status: z.preprocess(blankToUndefined, shipmentStatusSchema.optional()),
  type: z.preprocess(blankToUndefined, text(100).optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(LIST_MAX_LIMIT, `Must be at most ${LIST_MAX_LIMIT}`)
      .default(LIST_DEFAULT_LIMIT),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

/** A row of the admin list, as `GET /api/trackings` answers it. */
export interface ShipmentListItem {
  id: number;
  tracking_number: string;
  origin: string;
  destination: string;
  current_location: string | null;
  status: string;
  arrival_time: string | null;
  package_type: string | null;
}

/** The `meta` of `GET /api/trackings`: `total_is_estimate` means more than LIST_TOTAL_CAP match. */
export interface ShipmentListMeta {
  total: number;
  limit: number;
  next_cursor: string | null;
  total_is_estimate: boolean;
}

export interface ShipmentHistoryEntry {
  id: number;
  status: string;
  created_at: string;
  notes: string | null;
}

/** A whole shipment as the admin calls answer it: every creation field, its record fields and histories. */
export type Shipment = {
  [K in Exclude<keyof ShipmentCreateInput, 'tracking_number'>]-?: Exclude<ShipmentCreateInput[K], undefined> | null;
} & {
  id: number;
  tracking_number: string;
  customer_id: string | null;
  created_at: string;
  updated_at: string;
  histories: ShipmentHistoryEntry[];
};
