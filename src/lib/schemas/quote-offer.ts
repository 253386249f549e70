import { z } from 'zod';
import { isRealDate } from '../company-day';
import { optionalText, requiredText } from './fields';
import { noControlCharacters } from './text';

// Quotes to bookings: staff answer a quote request with a price (an offer), and the requester accepts it
// from the emailed link, which books the shipment.

/** How far ahead an offer may hold, in the company's days. */
export const OFFER_MAX_DAYS = 90;
const MAX_AMOUNT = 10_000_000;

/** `POST /api/quote-requests/:id/offer`: the price, the last day it holds, a message, and the route priced. */
export const quoteOfferInputSchema = z.object({
  /** The price in the offer's currency; the form may send it as text. */
  amount: z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim().replace(',', '.'))) : value,
    z
      .number({ error: 'Please enter the price as a number' })
      .positive('The price must be more than 0')
      .max(MAX_AMOUNT, 'Please enter at most 10,000,000')
      .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'Please give at most 2 decimals'),
  ),
  /** The last day the offer holds (YYYY-MM-DD, the company's calendar): today or later, at most 90 days ahead. */
  valid_until: z
    .string({ error: 'Please choose the last day the price holds' })
    .trim()
    .check(noControlCharacters())
    .min(1, 'Please choose the last day the price holds')
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), 'Must be a date (YYYY-MM-DD)'),
  message: optionalText(1000, { multiline: true }),
  origin: requiredText(200, 'Origin'),
  destination: requiredText(200, 'Destination'),
});
export type QuoteOfferInput = z.infer<typeof quoteOfferInputSchema>;

const OFFER_STATES = ['open', 'accepted'] as const;

/** The offer a quote request's row shows: the latest one sent (a replaced one is gone from view). */
export const quoteOfferSummarySchema = z.object({
  amount_cents: z.number().int(),
  currency: z.string(),
  valid_until: z.string(),
  /** The end of `valid_until` in the company's time zone. */
  expires_at: z.iso.datetime(),
  state: z.enum(OFFER_STATES),
  sent_at: z.iso.datetime(),
  accepted_at: z.iso.datetime().nullable(),
  tracking_number: z.string().nullable(),
});

/** The link's token, in a body (never in an address a log keeps). */
export const offerTokenSchema = z.object({
  token: z
    .string({ error: 'This link is not complete' })
    .check(noControlCharacters())
    .min(1, 'This link is not complete')
    .max(100, 'This link is not complete'),
});

/** What the accept page shows of an open offer. */
export const publicOfferSchema = z.object({
  name: z.string(),
  service: z.string(),
  origin: z.string(),
  destination: z.string(),
  weight_kg: z.number().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  valid_until: z.string(),
  expires_at: z.iso.datetime(),
  message: z.string().nullable(),
});
export type PublicOffer = z.infer<typeof publicOfferSchema>;
