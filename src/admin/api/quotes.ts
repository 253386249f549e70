import type { BodyInput } from '@/lib/api/contract';
import { quoteOffersApi } from '@/lib/api/quote-offers';
import { quotesApi } from '@/lib/api/quotes';
import { callApi } from './client';

export const setQuoteStatus = (id: number, body: BodyInput<typeof quotesApi.update>) =>
  callApi(quotesApi.update, { params: { id: String(id) }, body });

/** Replies to a quote request with a price: the email with its accept link is queued. */
export const sendQuoteOffer = (id: number, body: BodyInput<typeof quoteOffersApi.send>) =>
  callApi(quoteOffersApi.send, { params: { id: String(id) }, body });
