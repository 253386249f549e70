import type { Config } from '@netlify/functions';
import { quoteOffersApi } from '@/lib/api/quote-offers';
import { defineHandler, on, success } from '../lib/handler';
import { offerReads, sendOffer } from '../lib/quote-offers';

/** Office staff reply to a quote request with a price: emailed with its accept link. */
export default defineHandler(
  on(quoteOffersApi.send)(({ db, user, body, results }) => success(sendOffer(db, results, body, user)), {
    reads: ({ params }) => offerReads(params.id),
    delivers: true,
  }),
);

export const config: Config = { path: '/api/quote-requests/:id/offer' };
