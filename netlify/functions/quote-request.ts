import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { authorizeAdmin } from '../lib/auth';
import { handle, pathParam, readJson, reply } from '../lib/http';
import { quotePathId, updateQuoteStatus } from '../lib/quotes';

const endpoint = quotesApi.update;

/** Staff move a quote request along: new, contacted, won or lost. */
export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  const id = quotePathId(pathParam(request, context, endpoint.path, 'id'));
  const { status } = await readJson(request, endpoint.body);
  return reply(endpoint, { status: 'success', data: await updateQuoteStatus(db, id, status, user) });
});

export const config: Config = {
  path: '/api/quote-requests/:id',
};
