import { z } from 'zod';
import { ADMINS } from '../roles';
import { outboxListMetaSchema, outboxListQuerySchema, outboxMessageSchema } from '../schemas/outbox';
import { defineEndpoint, recordNumber } from './contract';

export const MESSAGE_NOT_FOUND = 'Message not found.';

/** The Outbox page (Settings > Notifications): every email the product sent or would send. */
export const outboxApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/outbox',
    summary:
      'A page of emails, newest first, optionally of one state: recipient, subject, text, state, attempts, last error; with the count of each state and whether a mail server is configured.',
    access: 'session',
    roles: ADMINS,
    query: outboxListQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(outboxMessageSchema),
      meta: outboxListMetaSchema,
    }),
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/outbox/:messageId/retry',
    summary: 'Queue a failed email again, due now.',
    access: 'session',
    roles: ADMINS,
    params: z.object({ messageId: recordNumber(MESSAGE_NOT_FOUND, 'The numeric id of the message') }),
    body: z.object({}),
    status: 200,
    response: z.object({ status: z.literal('success'), data: outboxMessageSchema }),
    errors: [404, 409],
  }),
};
