import type { Config } from '@netlify/functions';
import { QUOTE_PATHS, QUOTE_THANKS } from '@/lib/api/paths';
import { quotesApi } from '@/lib/api/quotes';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientAddress, handle, isFormPost, reply, requireMethod, seeOther } from '../lib/http';
import { createQuoteRequest, QUOTE_RATE_LIMIT } from '../lib/quotes';
import { enforceRateLimit } from '../lib/rate-limit';
import { readJsonOrForm } from '../lib/request-body';

const endpoint = quotesApi.create;

/** The home page's form: JSON from its script, or the plain form post when the script has not run. */
export default handle(
  async (request, context) => {
    requireMethod(request, endpoint.method);
    assertSameOrigin(request);
    const db = await getDb();
    await enforceRateLimit(db, { key: `quotes:${clientAddress(request, context)}`, ...QUOTE_RATE_LIMIT });
    const quote = await readJsonOrForm(request, endpoint.body);
    const stored = await createQuoteRequest(db, quote);
    if (isFormPost(request)) return seeOther(QUOTE_PATHS.sent);
    return reply(endpoint, { status: 'success', message: QUOTE_THANKS, data: { id: stored.id } });
  },
  { form: { subject: 'Your quote request', back: '/#quote' } },
);

export const config: Config = {
  path: '/api/quotes',
};
