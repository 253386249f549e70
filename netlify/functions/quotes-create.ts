import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { defineHandler, on } from '../lib/handler';
import { limitQuotes, sendQuoteRequest } from '../lib/quotes';

/** The home page's form: JSON from its script, or the plain form post (a 303 to the thank-you page). */
export default defineHandler(
  on(quotesApi.create)(async ({ db, body, request }) => sendQuoteRequest(db, body, request), {
    guard: limitQuotes,
    form: { subject: 'Your quote request', back: '/#quote' },
    delivers: true,
  }),
);

export const config: Config = { path: '/api/quotes' };
