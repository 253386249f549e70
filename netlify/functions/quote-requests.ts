import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { handle, reply } from '../lib/http';
import { listQuoteRequests } from '../lib/quotes';
import { readQuery } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = quotesApi.list;

/** The quote requests the home page's form has sent, for staff. */
export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  const query = readQuery(request, endpoint.query);
  return reply(endpoint, { status: 'success', ...(await listQuoteRequests(db, query)) });
});

export const config: Config = {
  path: '/api/quote-requests',
};
