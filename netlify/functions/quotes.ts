import type { Config } from '@netlify/functions';
import { quoteRequestSchema } from '@/lib/schemas/quote';
import { getDb } from '../lib/db';
import { assertSameOrigin, clientAddress, handle, json, readJson, requireMethod } from '../lib/http';
import { createQuoteRequest, QUOTE_RATE_LIMIT } from '../lib/quotes';
import { enforceRateLimit } from '../lib/rate-limit';

export default handle(async (request, context) => {
  requireMethod(request, 'POST');
  assertSameOrigin(request);
  const db = await getDb();
  await enforceRateLimit(db, { key: `quotes:${clientAddress(request, context)}`, ...QUOTE_RATE_LIMIT });
  const quote = await readJson(request, quoteRequestSchema);
  const stored = await createQuoteRequest(db, quote);
  return json(201, {
    status: 'success',
    message: 'Thank you! We will contact you within one business day.',
    data: { id: stored.id },
  });
});

export const config: Config = {
  path: '/api/quotes',
};
