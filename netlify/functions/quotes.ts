import type { Config } from '@netlify/functions';
import { quotesApi } from '@/lib/api/quotes';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientAddress, handle, readJson, reply, requireMethod } from '../lib/http';
import { createQuoteRequest, QUOTE_RATE_LIMIT } from '../lib/quotes';
import { enforceRateLimit } from '../lib/rate-limit';

const endpoint = quotesApi.create;

export default handle(async (request, context) => {
  requireMethod(request, endpoint.method);
  assertSameOrigin(request);
  const db = await getDb();
  await enforceRateLimit(db, { key: `quotes:${clientAddress(request, context)}`, ...QUOTE_RATE_LIMIT });
  const quote = await readJson(request, endpoint.body);
  const stored = await createQuoteRequest(db, quote);
  return reply(endpoint, {
    status: 'success',
    message: 'Thank you! We will contact you within one business day.',
    data: { id: stored.id },
  });
});

export const config: Config = {
  path: '/api/quotes',
};
