import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { defineHandler, on } from '../lib/handler';
import { listQuoteRequests } from '../lib/quotes';

/** The quote requests the home page's form has sent, for staff. */
export default defineHandler(
  on(quotesApi.list)(async ({ db, query }) => ({ status: 'success', ...(await listQuoteRequests(db, query)) })),
);

export const config: Config = { path: '/api/quote-requests' };
