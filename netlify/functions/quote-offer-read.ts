import type { Config } from '@netlify/functions';
import { quoteOffersApi } from '@/lib/api/quote-offers';
import { defineHandler, on, success } from '../lib/handler';
import { readOffer } from '../lib/quote-offers';

/** The offer link's page asks what it offers (the token in the body, never in an address). */
export default defineHandler(on(quoteOffersApi.read)(({ db, body }) => success(readOffer(db, body.token))));

export const config: Config = {
  path: '/api/quote-offer',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
