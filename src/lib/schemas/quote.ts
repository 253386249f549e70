import { z } from 'zod';
import { text } from './text';

/** The services a quote can be asked for, as the home page's select lists them. */
export const QUOTE_SERVICES = ['Warehousing', 'Transportation', 'Freight Forwarding'] as const;

export type QuoteService = (typeof QUOTE_SERVICES)[number];

/** Digits with the usual separators and an optional leading +; 7 to 15 digits in all. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

/** A quote request from the public form (home page), checked in the browser and by POST /api/quotes. */
export const quoteRequestSchema = z.object({
  name: text(120, { tooLong: 'Name must be 120 characters or fewer' }).min(1, 'Please enter your name'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .max(254, 'Email must be 254 characters or fewer')
    .pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone must be 30 characters or fewer')
    .refine(
      (value) => value === '' || (PHONE_PATTERN.test(value) && /^(\D*\d){7,15}\D*$/.test(value)),
      'Please enter a valid phone number (7 to 15 digits)',
    )
    .optional()
    .default(''),
  service: z.enum(QUOTE_SERVICES, { error: 'Please select a service' }),
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** A stored quote request. */
export const quoteRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.enum(QUOTE_SERVICES),
  status: z.enum(['new', 'contacted', 'closed']),
  created_at: z.iso.datetime(),
});
export type QuoteRecord = z.infer<typeof quoteRecordSchema>;
