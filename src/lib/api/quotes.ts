import { z } from 'zod';
import { quoteRequestSchema } from '../schemas/quote';
import { defineEndpoint } from './contract';

/** Quote requests from the home page's form. */
export const quotesApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/quotes',
    summary: 'Send a quote request (public; limited per client address).',
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
};
