import type { BodyInput, QueryInput } from '@/lib/api/contract';
import { quotesApi } from '@/lib/api/quotes';
import { type CallOptions, callApi } from './client';

/** One page of quote requests for a search, status and cursor. */
export const listQuoteRequests = (query: QueryInput<typeof quotesApi.list>, options?: CallOptions) =>
  callApi(quotesApi.list, { query }, options);

export const setQuoteStatus = (id: number, body: BodyInput<typeof quotesApi.update>) =>
  callApi(quotesApi.update, { params: { id: String(id) }, body });
