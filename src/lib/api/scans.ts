import { z } from 'zod';
import { OFFICE } from '../roles';
import { SCANS_MAX, scanResultSchema, scansBodySchema } from '../schemas/scans';
import { defineEndpoint } from './contract';

/** Bulk scans from scanners and GPS units (a device API key), or staff uploading a scanner's file. */
export const scansApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/scans',
    summary: `Apply up to ${SCANS_MAX} scan events in the order given (each a status, a location and/or a note at a time). Idempotent by event_id per key: posting the same events again changes nothing and answers them as duplicates. Every event's result is answered, in order; one transaction for the request, so a failed request applied nothing and may be retried as is. Body up to 1 MB.`,
    access: 'session-or-key',
    roles: OFFICE,
    body: scansBodySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(scanResultSchema),
      meta: z.object({
        applied: z.number().int(),
        history_only: z.number().int(),
        duplicate: z.number().int(),
        not_found: z.number().int(),
        rejected: z.number().int(),
      }),
    }),
  }),
};
