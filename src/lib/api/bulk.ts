import { z } from 'zod';
import { OFFICE } from '../roles';
import { bulkStatusResultSchema, bulkStatusSchema } from '../schemas/shipment/bulk-status';
import { MATCHING_MAX, SELECTED_MAX } from '../schemas/shipment/selection';
import { defineEndpoint } from './contract';

/**
 * Bulk changes of the shipments list, for the office: shipments picked by their numbers or as every match
 * of the list's search and filters (which the server reads as the list does).
 */
export const bulkApi = {
  status: defineEndpoint({
    method: 'POST',
    path: '/api/bulk/status',
    summary: `Set the status of the selected shipments: \`tracking_numbers\` (up to ${SELECTED_MAX}) or \`filter\` (the list's q, status, type and delivered_since; up to ${MATCHING_MAX} matches), with the fields and rules of one shipment's status update. Each shipment that changes gets the history entry, log line and emails of a single update; those already in that status, delivered or returned, or not found are left as they are and listed with the reason. Written 100 at a time, each a transaction; the same request sent again changes nothing more.`,
    access: 'session',
    roles: OFFICE,
    body: bulkStatusSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: bulkStatusResultSchema }),
  }),
};
