import { z } from 'zod';
import { type FieldErrors, fieldErrors } from '../../field-errors';
import { customerIdSchema } from '../customer';
import { blankToUndefined, requiredText } from '../fields';
import { noControlCharacters } from '../text';
import { SHIPMENT_FIELDS, shipmentCreateSchema } from './create';
import { SHIPMENT_FIELD_LABELS } from './field-labels';

// One row of a shipments file (CSV or XLSX), as the import screen previews it and the server checks it: the
// New Shipment page's rules (the create schema and its customer), plus the customer's own reference, which
// makes importing the same row twice create nothing new. Shared by the browser and the functions.

/** The limits of one file and of one call that sends its rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** Rows a call writes in one transaction: well inside a function's time limit (see `npm run bench`). */
export const IMPORT_CHUNK_ROWS = 500;

/** A row as the create schema checks it, with its reference (required) and customer (optional, by id). */
export const importRowSchema = shipmentCreateSchema.extend({
  customer_id: z.preprocess(blankToUndefined, customerIdSchema.optional()),
  reference: requiredText(100, 'Reference'),
});

/**
 * The fields a file's column may fill, in the template's order: the reference and customer first, then
 * every creation field but the tracking number, which the import always generates.
 */
export const IMPORT_FIELDS = [
  'reference',
  'customer_id',
  ...SHIPMENT_FIELDS.filter((field) => field !== 'tracking_number'),
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  ...(SHIPMENT_FIELD_LABELS as Record<ImportField, string>),
  reference: 'Reference',
  admin_notes: 'Staff note',
  current_location: 'Current location',
};

/**
 * A row's cells by field, as text (a spreadsheet's numbers and dates already written as text). A control
 * character refuses the whole call, as in any request: it is never kept, not even as a failed row.
 */
const cellSchema = z
  .string()
  .normalize('NFC')
  .check(noControlCharacters({ multiline: true }))
  .max(5000, 'Is too long')
  .optional();
export const importCellsSchema = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, cellSchema])) as Record<
    ImportField,
    z.ZodOptional<z.ZodString>
  >,
);
export type ImportCells = z.infer<typeof importCellsSchema>;

/** A row of the file: its number in the sheet (the headings are row 1) and its cells. */
export const importLineSchema = z.object({
  // Blank rows are skipped, so a row's number may exceed the row count; never the file's size in bytes.
  line: z.number().int().min(2).max(IMPORT_MAX_BYTES),
  cells: importCellsSchema,
});
export type ImportLine = z.infer<typeof importLineSchema>;

/** Whether a cell holds a control character (tabs and line breaks aside): such a row cannot be sent at all. */
export const hasControlCharacter = (cells: ImportCells) =>
  Object.values(cells).some((value) => value !== undefined && /(?![\t\n\r])\p{Cc}/u.test(value));

/** The row checked with the create rules: its input for the insert, or its errors by field. */
export function checkRow(
  cells: ImportCells,
): { ok: true; row: z.output<typeof importRowSchema> } | { ok: false; errors: FieldErrors } {
  const result = importRowSchema.safeParse(cells);
  return result.success ? { ok: true, row: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
