import { z } from 'zod';
import { OFFICE } from '../roles';
import { importChunkResultSchema, importChunkSchema, importSummarySchema } from '../schemas/import';
import { IMPORT_CHUNK_ROWS } from '../schemas/shipment/import-row';
import { defineEndpoint, recordNumber } from './contract';

export const IMPORT_NOT_FOUND = 'Import not found.';

/**
 * Shipments imported from a file (office staff): the screen reads the file, staff map its columns and confirm
 * the rows, and the rows arrive here a chunk at a time, each checked again with the New Shipment rules. A row
 * whose reference its customer (or no customer) already has creates nothing; the history keeps each import's
 * counts and its failed rows, as CSV to fix and send again.
 */
export const importsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/imports',
    summary: 'The latest 50 imports, newest first: who, when, the file, and rows created, already imported or failed.',
    access: 'session',
    roles: OFFICE,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(importSummarySchema) }),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/imports',
    summary: `One chunk (up to ${IMPORT_CHUNK_ROWS} rows) of a file's rows, by field, written in one transaction: each row is checked with the New Shipment rules plus a required reference; a row whose reference is already imported (for its customer, or among rows without one) creates nothing. Answers the counts and the refused rows, each naming its line and fields. A chunk sent again is counted once in the history.`,
    access: 'session',
    roles: OFFICE,
    body: importChunkSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: importChunkResultSchema }),
  }),
  failed: defineEndpoint({
    method: 'GET',
    path: '/api/imports/:importId/failed',
    summary:
      "An import's failed rows as CSV, with the template's headings and each row's errors, to fix and send again.",
    access: 'session',
    roles: OFFICE,
    params: z.object({ importId: recordNumber(IMPORT_NOT_FOUND, 'The numeric id of the import') }),
    status: 200,
    produces: 'text/csv',
    response: z.string().meta({ description: 'CSV (RFC 4180): the headings, then one line per failed row.' }),
    errors: [404],
  }),
};
