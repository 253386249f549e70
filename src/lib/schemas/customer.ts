import { z } from 'zod';
import {
  blankToUndefined,
  clearable,
  emailValue,
  listMetaSchema,
  optionalEmail,
  optionalPhone,
  optionalText,
  pagingQuery,
  phoneValue,
  requiredText,
  text,
} from './fields';
import { shipmentListItemSchema } from './shipment/list-item';
import { noControlCharacters } from './text';

// Shared by the admin forms (in the browser) and the functions: no server code or node modules here.

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** CUS- and at least four digits (CUS-1001, CUS-10000); the server allocates them. */
export const CUSTOMER_ID_PATTERN = /^CUS-\d{4,9}$/;

/** A customer id as typed: any case, surrounding spaces ignored. */
export const customerIdSchema = z
  .string({ error: 'Must be a customer id' })
  .trim()
  .check(noControlCharacters())
  .toUpperCase()
  .regex(CUSTOMER_ID_PATTERN, 'Must be a customer id such as CUS-1001');

const statusSchema = z.enum(CUSTOMER_STATUSES, { error: 'Must be active or inactive' });

/** What staff fill in for a customer (the New Customer and Edit dialogs). */
export const customerFieldsSchema = z.object({
  name: requiredText(200, 'Customer name'),
  contact: optionalText(200),
  email: optionalEmail,
  phone: optionalPhone,
  address: optionalText(500, { multiline: true }),
  status: statusSchema.default('active'),
});

/**
 * `POST /api/customers`: the fields, and the quote request the customer comes from, if any. A customer
 * with the same email (any case), or the same name and phone, is refused with 409 unless
 * `allow_duplicate` says staff chose to create it anyway.
 */
export const customerCreateSchema = customerFieldsSchema.extend({
  allow_duplicate: z.boolean({ error: 'Must be true or false' }).optional(),
  quote_request_id: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Must be a quote request id' }).int().positive().optional(),
  ),
});
export type CustomerCreateInput = z.infer<typeof customerCreateSchema>;

/** `PATCH /api/customers/{id}`: only the fields given change (deactivating is `status: "inactive"`). */
export const customerPatchSchema = z.object({
  name: requiredText(200, 'Customer name').optional(),
  contact: clearable(text(200)),
  email: clearable(emailValue),
  phone: clearable(phoneValue),
  address: clearable(text(500, { multiline: true })),
  status: statusSchema.optional(),
  /** Staff saw that the new email, or name and phone, is another customer's, and keep it anyway. */
  allow_duplicate: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type CustomerPatchInput = z.infer<typeof customerPatchSchema>;

const CUSTOMER_LIST_DEFAULT_LIMIT = 20;
const CUSTOMER_LIST_MAX_LIMIT = 100;
/** Matches are counted exactly up to this many. */
export const CUSTOMER_TOTAL_CAP = 10_000;

/** The query of `GET /api/customers`. */
export const customerListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, text(200).optional()),
  status: z.preprocess(blankToUndefined, statusSchema.optional()),
  /** Only customers created on or after this day of the company (its time zone), e.g. the dashboard's "new this month". */
  since: z.preprocess(
    blankToUndefined,
    z
      .string()
      .check(noControlCharacters())
      .pipe(z.iso.date({ error: 'Must be a date as YYYY-MM-DD' }))
      .optional(),
  ),
  ...pagingQuery(CUSTOMER_LIST_DEFAULT_LIMIT, CUSTOMER_LIST_MAX_LIMIT),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

// ---- What the API answers (rows are decoded through these too).

const nullableText = z.string().nullable();

export const customerRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact: nullableText,
  email: nullableText,
  phone: nullableText,
  address: nullableText,
  status: z.enum(CUSTOMER_STATUSES),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** When the customer's personal data was erased on request; null while it is kept. */
  erased_at: z.iso.datetime().nullable(),
});
export type Customer = z.infer<typeof customerRecordSchema>;

/** A row of the customers list: the record and how many shipments are linked to it. */
export const customerListItemSchema = customerRecordSchema.extend({ shipments: z.number().int() });
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerListMetaSchema = listMetaSchema;

/** The most recent shipments a customer page lists; `shipments` counts them all. */
export const CUSTOMER_RECENT_SHIPMENTS = 50;

/** One customer with their shipment count and most recent shipments, newest first. */
export const customerDetailSchema = customerListItemSchema.extend({
  recent_shipments: z.array(shipmentListItemSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** What an erased customer is called, on the customer and on the shipments that named them. */
export const ERASED_NAME = 'Erased customer';
