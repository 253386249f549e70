import type { Config } from '@netlify/functions';
import { quoteOffersApi } from '@/lib/api/quote-offers';
import { defineHandler, on, success } from '../lib/handler';
import { acceptOffer, acceptReads } from '../lib/quote-bookings';

/** The requester accepts the offer: the customer and the shipment are booked, once. */
export default defineHandler(
  on(quoteOffersApi.accept)(({ db, results, body }) => success(acceptOffer(db, results, body.token)), {
    reads: ({ body }) => acceptReads(body.token),
    delivers: true,
  }),
);

export const config: Config = {
  path: '/api/quote-offer/accept',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
