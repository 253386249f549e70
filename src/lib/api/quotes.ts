import { z } from 'zod';
import { OFFICE } from '../roles';
import {
  quoteListMetaSchema,
  quoteListQuerySchema,
  quoteRecordSchema,
  quoteRequestSchema,
  quoteStatusUpdateSchema,
} from '../schemas/quote';

import { defineEndpoint, recordNumber } from './contract';
import { QUOTE_PATHS } from './paths';

export const QUOTE_NOT_FOUND = 'Quote request not found.';

const idParams = z.object({ id: recordNumber(QUOTE_NOT_FOUND, 'The quote request id (a whole number)') });

/** Quote requests: sent from the home page's form (public), worked on by staff. */
export const quotesApi = {
  create: defineEndpoint({
    method: 'POST',
    path: QUOTE_PATHS.create,
    summary:
      "Send a quote request (public; limited per client address). The home page's form without its script posts the same fields as `application/x-www-form-urlencoded`: answered 303 to the thank-you page, or with a short HTML page naming what is wrong.",
    access: 'public',
    body: quoteRequestSchema,
    status: 201,
    response: z.object({
      status: z.literal('success'),
      message: z.string(),
      data: z.object({ id: z.number().int() }),
    }),
    errors: [403, 429],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/quote-requests',
    summary:
      'One page of quote requests, newest first: optional search (name, email, phone, service, origin, destination), status filter, keyset paging.',
    access: 'session',
    roles: OFFICE,
    query: quoteListQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(quoteRecordSchema),
      meta: quoteListMetaSchema,
    }),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/quote-requests/:id',
    summary: "Change a quote request's status (new, contacted, won, lost).",
    access: 'session',
    roles: OFFICE,
    params: idParams,
    body: quoteStatusUpdateSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: quoteRecordSchema }),
    errors: [404],
  }),
};
