import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { handle, pathParam, reply } from '../lib/http';
import { quoteReads, updateQuoteStatus } from '../lib/quotes';
import { readJson } from '../lib/request-body';
import { authorizeAdminReading } from '../lib/sessions';

const endpoint = quotesApi.update;

/** Staff move a quote request along: new, contacted, won or lost. */
export default handle(async (request, context) => {
  // The request is read with the session check: one round trip.
  const reads = quoteReads(pathParam(request, context, endpoint.path, 'id'));
  const { db, user, results } = await authorizeAdminReading(request, [endpoint.method], reads);
  const { status } = await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: await updateQuoteStatus(db, results[0], status, user) });
});

export const config: Config = {
  path: '/api/quote-requests/:id',
};
