import { z } from 'zod';
import { ADMINS } from '../roles';
import { auditEntrySchema, auditFilterSchema, auditListMetaSchema, auditListQuerySchema } from '../schemas/audit';
import { defineEndpoint } from './contract';

/**
 * The audit trail (admin only): every write's actor, role, action, subject, time and address, newest
 * first, narrowed by person, action, subject and the company's days; and the same as a CSV file.
 */
export const auditApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit',
    summary:
      "One page of the audit trail, newest first: optional person (actor email or device key name), action, subject kind and id or tracking number, from and to dates (the company's days, both included); keyset paging.",
    access: 'session',
    roles: ADMINS,
    query: auditListQuerySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(auditEntrySchema), meta: auditListMetaSchema }),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/audit/export',
    summary:
      'Every entry of the audit trail the same filters match, newest first, as a CSV download (a cell that a spreadsheet would read as a formula starts with a quote).',
    access: 'session',
    roles: ADMINS,
    query: auditFilterSchema,
    status: 200,
    produces: 'text/csv',
    response: z.string().meta({ description: 'CSV (RFC 4180): a header line, then one line per entry.' }),
  }),
};
