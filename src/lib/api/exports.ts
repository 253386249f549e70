import { z } from 'zod';
import { OFFICE } from '../roles';
import { customerListQuerySchema } from '../schemas/customer';
import { quoteListQuerySchema } from '../schemas/quote';
import { numbersQuery, SELECTED_MAX, shipmentFilterSchema } from '../schemas/shipment/selection';
import { defineEndpoint } from './contract';

/**
 * The office's lists as CSV downloads, with the same search and filters as the screen shows: every match,
 * newest first, read a page at a time as the file is taken (so a large list never sits in memory). A cell
 * a spreadsheet would read as a formula starts with a quote. Bulk personal data, so office staff only.
 */
const WITHOUT_PAGING = { limit: true, cursor: true, before: true } as const;
const csv = (what: string) =>
  z.string().meta({ description: `CSV (RFC 4180): a header line, then one line per ${what}.` });

export const exportsApi = {
  shipments: defineEndpoint({
    method: 'GET',
    path: '/api/exports/shipments',
    summary: `Every shipment the list’s search and filters match (q, status, type, delivered_since), or the ticked ones (numbers: up to ${SELECTED_MAX}, comma-separated, without filters), as CSV.`,
    access: 'session',
    roles: OFFICE,
    query: shipmentFilterSchema.extend({ numbers: numbersQuery }).superRefine((query, context) => {
      if (query.numbers && (query.q || query.status || query.type || query.delivered_since)) {
        context.addIssue({ code: 'custom', path: ['numbers'], message: 'Give the numbers or the filters, not both' });
      }
    }),
    status: 200,
    produces: 'text/csv',
    response: csv('shipment'),
  }),
  customers: defineEndpoint({
    method: 'GET',
    path: '/api/exports/customers',
    summary: 'Every customer the list’s search and filters match (q, status, since), as CSV.',
    access: 'session',
    roles: OFFICE,
    query: customerListQuerySchema.omit(WITHOUT_PAGING),
    status: 200,
    produces: 'text/csv',
    response: csv('customer'),
  }),
  quoteRequests: defineEndpoint({
    method: 'GET',
    path: '/api/exports/quote-requests',
    summary: 'Every quote request the list’s search and status filter match, as CSV.',
    access: 'session',
    roles: OFFICE,
    query: quoteListQuerySchema.omit(WITHOUT_PAGING),
    status: 200,
    produces: 'text/csv',
    response: csv('quote request'),
  }),
};
