import { z } from 'zod';
import { OFFICE } from '../roles';
import { quoteRecordSchema } from '../schemas/quote';
import { offerTokenSchema, publicOfferSchema, quoteOfferInputSchema } from '../schemas/quote-offer';
import { defineEndpoint, recordNumber } from './contract';
import { QUOTE_OFFER_PATHS } from './paths';
import { QUOTE_NOT_FOUND } from './quotes';

/**
 * Quotes to bookings: office staff reply to a quote request with a price, emailed with a single-use
 * accept link; the two public calls are that link's page: what it offers, and accepting it, which books
 * the shipment.
 */
export const quoteOffersApi = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/quote-requests/:id/offer',
    summary:
      "Reply to a quote request with a price (in the site's currency), the last day it holds (today to 90 days ahead, the company's calendar) and an optional message: emailed through the outbox with a single-use accept link valid to the end of that day. The request becomes `contacted`; an earlier offer's link stops working. 409 once an offer was accepted.",
    access: 'session',
    roles: OFFICE,
    params: z.object({ id: recordNumber(QUOTE_NOT_FOUND, 'The quote request id (a whole number)') }),
    body: quoteOfferInputSchema,
    status: 201,
    response: z.object({ status: z.literal('success'), data: quoteRecordSchema }),
    errors: [404, 409],
  }),
  read: defineEndpoint({
    method: 'POST',
    path: QUOTE_OFFER_PATHS.read,
    summary:
      'What an offer link offers (its token in the body, kept out of addresses). 404 for a link we did not send; 410 with words for one accepted, replaced or expired.',
    access: 'public',
    body: offerTokenSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: publicOfferSchema }),
    errors: [404, 410],
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: QUOTE_OFFER_PATHS.accept,
    summary:
      'Accept an offer: in one transaction the requester becomes a customer (or is linked to the one with their email), a shipment is booked from the request and the request is won. Works once; answers the tracking number.',
    access: 'public',
    body: offerTokenSchema,
    status: 201,
    response: z.object({ status: z.literal('success'), data: z.object({ tracking_number: z.string() }) }),
    errors: [404, 410],
  }),
};
