import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { defineHandler, on, success } from '../lib/handler';
import { quoteReads, updateQuoteStatus } from '../lib/quotes';

/** Staff move a quote request along: new, contacted, won or lost. The request is read with the session check. */
export default defineHandler(
  on(quotesApi.update)(({ db, user, body, results }) => success(updateQuoteStatus(db, results[0], body.status, user)), {
    reads: ({ params }) => quoteReads(params.id),
  }),
);

export const config: Config = { path: '/api/quote-requests/:id' };
