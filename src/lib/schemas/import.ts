import { z } from 'zod';
import { text } from './fields';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_ROWS, importCellsSchema, importLineSchema } from './shipment/import-row';
import { noControlCharacters } from './text';

// Imports of shipments from a file: what the screen sends a chunk at a time, what each chunk answers and the
// history of imports (who, when, which file, how many rows were created, already there or failed).

/** The most chunks one file can need. */
const MAX_CHUNKS = Math.ceil(IMPORT_MAX_ROWS / IMPORT_CHUNK_ROWS);

/**
 * One chunk of a file's rows. `key` names the import (the screen draws it once per file), so every chunk of
 * a file joins one entry of the history, and a chunk sent again is counted once.
 */
export const importChunkSchema = z.object({
  key: z.string().check(noControlCharacters()).pipe(z.uuid('Must be a UUID')),
  file_name: text(255, { required: 'File name is required' }).min(1, 'File name is required'),
  chunk: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must not be negative')
    .max(MAX_CHUNKS - 1, `Must be less than ${MAX_CHUNKS}`),
  rows: z
    .array(importLineSchema)
    .min(1, 'Send at least one row')
    .max(IMPORT_CHUNK_ROWS, `Send at most ${IMPORT_CHUNK_ROWS} rows at a time`),
});

/** A row the import refused, with why (messages per field), as kept for the failed rows' file. */
export const failedRowSchema = z.object({
  line: z.number().int(),
  cells: importCellsSchema,
  errors: z.record(z.string(), z.array(z.string())),
});
export type FailedRow = z.infer<typeof failedRowSchema>;

/** What a chunk did: shipments created, rows whose reference was already imported, rows refused. */
export const importChunkResultSchema = z.object({
  import_id: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(failedRowSchema.omit({ cells: true })),
});

/** An import in the history, its counts summed over its chunks. */
export const importSummarySchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  created_by_email: z.string(),
  created_at: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
