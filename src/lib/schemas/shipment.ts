import { z } from 'zod';
import { addressIsIn } from '@/lib/place';
import { SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { TRACKING_NUMBER_PATTERN } from '@/lib/tracking-number';
import { blankToUndefined, optionalText, pagingQuery, requiredText, text } from './fields';
import { noControlCharacters } from './text';

// Shared by the admin forms (in the browser) and the functions: no server code or node modules here.

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** "Required" when absent, "Must be text" when of another type. */
const textError = (required: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : 'Must be text';

const isRealDate = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const date = z
  .string({ error: textError('Is required') })
  .trim()
  .check(noControlCharacters())
  .regex(DATE_PATTERN, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'Must be a real calendar date');
const optionalDate = z.preprocess(blankToUndefined, date.nullable().optional());

/** The instant a date-time names: without a zone it is read as UTC (a date alone is its midnight UTC). */
const toInstant = (value: string) => {
  const [date, time = '00:00'] = value.replace(' ', 'T').split('T') as [string, string?];
  const zoned = /(?:Z|[+-]\d{2}:\d{2})$/.test(time) ? time : `${time}Z`;
  return Date.parse(`${date}T${zoned}`);
};

/**
 * A date, or a date and time (ISO 8601, e.g. from a datetime-local input), stored as the instant in
 * UTC (`2026-11-24T09:30:00.000Z`), so every client can show it in its viewer's own time zone.
 */
const dateTime = (required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .check(noControlCharacters())
    .regex(DATE_TIME_PATTERN, {
      message: 'Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)',
      abort: true,
    })
    .refine(
      (value) => isRealDate(value.slice(0, 10)) && !Number.isNaN(toInstant(value)),
      'Must be a real date and time',
    )
    .transform((value) => new Date(toInstant(value)).toISOString());
const optionalDateTime = z.preprocess(blankToUndefined, dateTime().nullable().optional());

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
  .check(noControlCharacters())
  .toUpperCase()
  .regex(TRACKING_NUMBER_PATTERN, 'Must be NEC followed by 9 letters A-Z or digits 0-9');

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
  })
  .superRefine((shipment, context) => {
    if (!addressIsIn(shipment.recipient_address, shipment.destination)) {
      context.addIssue({ code: 'custom', path: ['recipient_address'], message: ADDRESS_NOT_IN_DESTINATION });
    }
  });
export type ShipmentCreateInput = z.infer<typeof shipmentCreateSchema>;

/** The creation fields a shipment stores, in column order. */
export const SHIPMENT_FIELDS = Object.keys(shipmentCreateSchema.shape) as Array<keyof ShipmentCreateInput>;

/** `eta` is the former name of `estimated_delivery` (a date, never the next arrival); accepted until the admin moves. */
const deprecatedEta = optionalDate.meta({
  deprecated: true,
  description: 'Former name of estimated_delivery; used only when estimated_delivery is absent.',
});

/** Folds the deprecated `eta` into `estimated_delivery`. */
function withoutEta<T extends { eta?: string | null | undefined; estimated_delivery?: string | null | undefined }>({
  eta,
  ...rest
}: T): Omit<T, 'eta'> {
  return rest.estimated_delivery === undefined && eta !== undefined ? { ...rest, estimated_delivery: eta } : rest;
}

/** The Manage Shipments add dialog (`POST /api/shipments`). `customer` is a customer id (CUS-####) or exact name. */
export const shipmentDialogSchema = z
  .object({
    customer: requiredText(200, 'Customer'),
    origin: requiredText(200, 'Origin'),
    destination: requiredText(200, 'Destination'),
    /** Estimated delivery: the date promised to the customer. */
    estimated_delivery: optionalDate,
    /** Next arrival: the date and time the shipment reaches its next stop. */
    arrival_time: optionalDateTime,
    eta: deprecatedEta,
    type: optionalText(100),
    status: shipmentStatusSchema,
    /** The first staff note. */
    notes: optionalText(2000, { multiline: true }),
  })
  .transform(withoutEta);
export type ShipmentDialogInput = z.infer<typeof shipmentDialogSchema>;

/** A required text in a change: blank or absent leaves it as it is. */
const keptUnlessGiven = (max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(blankToUndefined, text(max, options).min(1).optional());

const created = shipmentCreateSchema.shape;

/**
 * What staff correct on a shipment besides its route and schedule: the sender's and recipient's contact
 * details, the goods, the courier, customs and the dates, each as the creation form takes it (a blank
 * optional field is cleared; the names cannot be emptied).
 */
const correctionFields = {
  sender_name: created.sender_name,
  sender_email: created.sender_email,
  sender_phone: created.sender_phone,
  sender_address: created.sender_address,
  recipient_name: created.recipient_name,
  recipient_mail: created.recipient_mail,
  recipient_phone: created.recipient_phone,
  weight: created.weight,
  dimensions: created.dimensions,
  contents: created.contents,
  declared_value: created.declared_value,
  courier: created.courier,
  delivery_method: created.delivery_method,
  customs_status: created.customs_status,
  customs_fees: created.customs_fees,
  order_date: created.order_date,
  shipping_date: created.shipping_date,
  delivery_date: created.delivery_date,
  agent_notes: created.agent_notes,
};
export type CorrectionField = keyof typeof correctionFields;
export const CORRECTION_FIELDS = Object.keys(correctionFields) as CorrectionField[];

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
  })
  .transform(withoutEta);
export type ShipmentPatchInput = z.infer<typeof shipmentPatchSchema>;

/**
 * The edit dialog's form, which holds every field it shows (starting from the current values) and
 * sends only those changed as the PATCH above. Beyond the PATCH's rules: the route, the names and the
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
  })
  .superRefine((form, context) => {
    if (!addressIsIn(form.recipient_address, form.destination)) {
      context.addIssue({ code: 'custom', path: ['recipient_address'], message: ADDRESS_NOT_IN_DESTINATION });
    }
  });
export type ShipmentEditForm = z.infer<typeof shipmentEditFormSchema>;

/** What a shipment's fields are called where staff read them: the edit dialog and its record of changes. */
export const SHIPMENT_FIELD_LABELS: Record<string, string> = {
  customer_id: 'Customer',
  origin: 'Origin',
  destination: 'Destination',
  recipient_address: 'Recipient address',
  estimated_delivery: 'Estimated delivery',
  arrival_time: 'Next arrival',
  package_type: 'Type',
  status: 'Status',
  sender_name: 'Sender name',
  sender_email: 'Sender email',
  sender_phone: 'Sender phone',
  sender_address: 'Sender address',
  recipient_name: 'Recipient name',
  recipient_mail: 'Recipient email',
  recipient_phone: 'Recipient phone',
  weight: 'Weight (kg)',
  dimensions: 'Dimensions',
  contents: 'Contents',
  declared_value: 'Declared value',
  courier: 'Courier',
  delivery_method: 'Delivery method',
  customs_status: 'Customs status',
  customs_fees: 'Customs fees',
  order_date: 'Order date',
  shipping_date: 'Shipping date',
  delivery_date: 'Delivery date',
  agent_notes: 'Agent notes',
};

/** A place staff type: the country, an optional city; without a city, "City, Country" is split at its last comma. */
const placeFields = (countryRequired?: string) => ({
  current_country: countryRequired
    ? z.preprocess(blankToUndefined, text(200, { required: countryRequired }))
    : optionalText(200),
  current_city: optionalText(200),
});

/**
 * `PUT /api/tracking/{tracking_number}/update`. With `current_country` (and optional `current_city`) the
 * status happened there: the entry carries the place and it becomes the current location.
 */
export const statusUpdateSchema = z
  .object({
    tracking_number: trackingNumberSchema,
    status: statusSchema('Please select a status'),
    ...placeFields(),
    note: optionalText(2000, { multiline: true }),
  })
  .superRefine((update, context) => {
    if (update.current_city && !update.current_country) {
      context.addIssue({ code: 'custom', path: ['current_country'], message: 'Enter the country of the city' });
    }
  });
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;

/**
 * `PUT /api/tracking/{tracking_number}/update-location`. The place is `current_country` plus the
 * optional `current_city`. Without `arrival_time` the shipment is there now; with it, it is on its way
 * there and expected then (it becomes the next arrival). `note` is shown on the public timeline as typed.
 */
export const locationUpdateSchema = z.object({
  tracking_number: trackingNumberSchema,
  ...placeFields('Please enter the country'),
  arrival_time: optionalDateTime,
  note: optionalText(2000, { multiline: true }),
});
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;
/** The list counts its matches exactly up to this many; beyond it, `total` is this and an estimate. */
export const LIST_TOTAL_CAP = 10_000;
/**
 * With a search term, the cap is lower: counting a broad term's matches that pass a filter means checking each
 * match, and past a thousand the number no longer helps anyone find a shipment ("1,000+" says to narrow it).
 */
export const SEARCH_TOTAL_CAP = 1_000;

/** The query of `GET /api/trackings`. */
export const shipmentListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, text(200).optional()),
  /** One status, or several separated by commas (e.g. the dashboard's "pending": preparing,processing,on_hold). */
  status: z.preprocess(
    blankToUndefined,
    z
      .string()
      .check(noControlCharacters())
      .transform((value, context) => {
        const statuses = value.split(',').map((part) => shipmentStatusSchema.safeParse(part));
        const bad = statuses.find((status) => !status.success);
        if (bad?.error) {
          context.addIssue({ code: 'custom', message: bad.error.issues[0]!.message });
          return z.NEVER;
        }
        return [...new Set(statuses.flatMap((status) => (status.success ? [status.data] : [])))];
      })
      .optional(),
  ),
  type: z.preprocess(blankToUndefined, text(100).optional()),
  /** Only shipments delivered at or after this moment (the dashboard's "delivered today"). */
  delivered_since: z.preprocess(
    blankToUndefined,
    z
      .string()
      .check(noControlCharacters())
      .pipe(z.iso.datetime({ error: 'Must be a moment as YYYY-MM-DDTHH:MM:SSZ' }))
      .optional(),
  ),
  ...pagingQuery(LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

// ---- What the API answers. Rows are decoded through these too, so NOT NULL columns are never nullable here.

export const shipmentStatusValueSchema = z.enum(SHIPMENT_STATUSES);

/** A moment as stored: ISO 8601 in UTC with milliseconds. */
const timestamp = z.iso.datetime();
const nullableDate = z.iso.date().nullable();
const nullableText = z.string().nullable();
const nullableAmount = z.number().nullable();

/**
 * One entry of a shipment's history (the event log customers read), the same for the public lookup
 * and the staff read: its status, where it happened (country, optional city), the expected arrival
 * there when staff gave one, and `notes` exactly as staff typed them.
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  status: shipmentStatusValueSchema,
  created_at: timestamp,
  notes: nullableText,
  location_city: nullableText,
  location_country: nullableText,
  expected_arrival: nullableText.meta({ description: 'ISO 8601 instant in UTC' }),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A shipment row: every creation field plus its record fields. */
export const shipmentRecordSchema = z.object({
  id: z.number().int(),
  tracking_number: z.string(),
  customer_id: nullableText,
  order_date: nullableDate,
  status: shipmentStatusValueSchema,
  courier: nullableText,
  sender_name: z.string(),
  sender_address: nullableText,
  sender_email: nullableText,
  sender_phone: nullableText,
  recipient_name: z.string(),
  recipient_address: z.string(),
  recipient_mail: nullableText,
  recipient_phone: nullableText,
  weight: nullableAmount,
  dimensions: nullableText,
  package_type: nullableText,
  contents: nullableText,
  declared_value: nullableAmount,
  origin: z.string(),
  destination: z.string(),
  shipping_date: nullableDate,
  estimated_delivery: nullableDate,
  delivery_method: nullableText,
  customs_status: nullableText,
  customs_fees: nullableAmount,
  delivery_date: nullableDate,
  agent_notes: nullableText,
  current_location: nullableText,
  arrival_time: nullableText.meta({
    description: 'Next arrival: when the shipment reaches its next stop (ISO 8601 instant in UTC)',
  }),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A staff-only note: who wrote it (null for notes imported from before notes had authors), when, what. */
export const shipmentNoteSchema = z.object({
  id: z.number().int(),
  author: nullableText,
  created_at: timestamp,
  text: z.string(),
});
export type ShipmentNote = z.infer<typeof shipmentNoteSchema>;

/** One field an edit changed: its value before and after (null when empty; "Erased" once its owner was erased). */
export const shipmentChangeSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  before: z.union([z.string(), z.number()]).nullable(),
  after: z.union([z.string(), z.number()]).nullable(),
  author: nullableText,
  created_at: timestamp,
});
export type ShipmentChange = z.infer<typeof shipmentChangeSchema>;

/**
 * A whole shipment as the staff calls answer it: the record, its histories, its staff notes and the
 * changes edits made, oldest first.
 */
export const shipmentSchema = shipmentRecordSchema.extend({
  histories: z.array(historyEntrySchema),
  notes: z.array(shipmentNoteSchema),
  changes: z.array(shipmentChangeSchema),
  admin_notes: nullableText.meta({
    deprecated: true,
    description:
      'The texts of `notes`, oldest first, separated by blank lines; for clients written before notes became a list.',
  }),
});
export type Shipment = z.infer<typeof shipmentSchema>;

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
