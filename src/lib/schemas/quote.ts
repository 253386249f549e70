import { z } from 'zod';
import { QUOTE_SERVICES } from '../quote-services';
import { blankToUndefined, listMetaSchema, optionalText, pagingQuery } from './fields';
import { quoteOfferSummarySchema } from './quote-offer';
import { noControlCharacters, text } from './text';

/** Digits with the usual separators and an optional leading +; 7 to 15 digits in all. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

const QUOTE_MAX_WEIGHT_KG = 1_000_000;

/** A quote request from the public form (home page), checked in the browser and by POST /api/quotes. */
export const quoteRequestSchema = z.object({
  name: text(120, { tooLong: 'Name must be 120 characters or fewer' }).min(1, 'Please enter your name'),
  email: z
    .string()
    .trim()
    .check(noControlCharacters())
    .min(1, 'Please enter your email address')
    .max(254, 'Email must be 254 characters or fewer')
    .pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .check(noControlCharacters())
    .max(30, 'Phone must be 30 characters or fewer')
    .refine(
      (value) => value === '' || (PHONE_PATTERN.test(value) && /^(\D*\d){7,15}\D*$/.test(value)),
      'Please enter a valid phone number (7 to 15 digits)',
    )
    .optional()
    .default(''),
  service: z.enum(QUOTE_SERVICES, { error: 'Please select a service' }),
  /** Where from and where to, as the sender words it (optional). */
  origin: optionalText(200),
  destination: optionalText(200),
  /** The approximate weight in kilograms (optional); the form may send it as text. */
  weight_kg: z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.'))) : value,
    z
      .number({ error: 'Please enter the weight in kilograms as a number' })
      .positive('The weight must be more than 0 kg')
      .max(QUOTE_MAX_WEIGHT_KG, 'Please enter at most 1,000,000 kg')
      .nullable()
      .optional(),
  ),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const QUOTE_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

const quoteStatusSchema = z.enum(QUOTE_STATUSES, { error: `Must be one of ${QUOTE_STATUSES.join(', ')}` });

/** A stored quote request. The service is kept as sent, even if the site stops offering it. */
export const quoteRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  weight_kg: z.number().nullable(),
  status: z.enum(QUOTE_STATUSES),
  /** The customer created from this request, if any. */
  customer_id: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** The price staff replied with (the latest offer), if any. */
  offer: quoteOfferSummarySchema.nullable(),
});
export type QuoteRecord = z.infer<typeof quoteRecordSchema>;

const QUOTE_LIST_DEFAULT_LIMIT = 20;
const QUOTE_LIST_MAX_LIMIT = 100;
export const QUOTE_TOTAL_CAP = 10_000;

/** The query of `GET /api/quote-requests`. */
export const quoteListQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, text(200).optional()),
  status: z.preprocess(blankToUndefined, quoteStatusSchema.optional()),
  ...pagingQuery(QUOTE_LIST_DEFAULT_LIMIT, QUOTE_LIST_MAX_LIMIT),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

export const quoteListMetaSchema = listMetaSchema;

/** `PATCH /api/quote-requests/{id}`: staff move a request along. */
export const quoteStatusUpdateSchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(QUOTE_STATUSES, { error: 'Please choose a status' })),
});
