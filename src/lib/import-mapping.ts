import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportCells, type ImportField } from './schemas/shipment/import-row';
import { csvRow } from './spreadsheet';

/**
 * Which shipment field each column of an imported file fills: found from its heading (any case, spaces,
 * underscores and punctuation ignored; the field's name, its label or a usual alias), then changed by
 * staff on the import screen. A column that names no field is ignored.
 */

/** What a column fills: a field, or nothing (`null`: ignored). */
export type ColumnMapping = Array<ImportField | null>;

const normalize = (heading: string) => heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Other words files use for a field's column. */
const ALIASES: Partial<Record<ImportField, string[]>> = {
  reference: ['ref', 'order reference', 'customer reference', 'your reference', 'order number', 'order no'],
  customer_id: ['customer', 'customer id', 'account'],
  origin: ['from'],
  destination: ['to'],
  sender_email: ['sender mail'],
  recipient_mail: ['recipient email'],
  package_type: ['type', 'package'],
  weight: ['weight kg'],
  estimated_delivery: ['eta'],
  arrival_time: ['next arrival'],
  admin_notes: ['notes', 'note', 'staff note'],
};

const BY_HEADING = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const name of [field, IMPORT_FIELD_LABELS[field], ...(ALIASES[field] ?? [])]) {
    BY_HEADING.set(normalize(name), field);
  }
}

/** The field a heading names, if any. */
export const fieldOfHeading = (heading: string): ImportField | null => BY_HEADING.get(normalize(heading)) ?? null;

/** Each column's field from the headings; a field named twice is filled by its first column only. */
export function matchHeadings(headings: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return headings.map((heading) => {
    const field = fieldOfHeading(heading);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** One row's cells by field, as the mapping says (a field given to two columns keeps the first's). */
export function cellsOf(values: readonly string[], mapping: ColumnMapping): ImportCells {
  const cells: ImportCells = {};
  mapping.forEach((field, column) => {
    if (field && cells[field] === undefined) cells[field] = values[column] ?? '';
  });
  return cells;
}

/** The downloadable template: the headings, in the fields' order, and nothing else. */
export const templateCsv = (): string => csvRow(IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field]));
