import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { fieldOfHeading } from './import-mapping';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './schemas/shipment/import-row';

/**
 * Reading a shipments file in the browser (the import screen loads this module only when a file is chosen):
 * CSV in UTF-8 (with or without a byte order mark) or XLSX, its first row the headings. Every refusal says
 * why, in words staff can act on. Cells are read as text and never evaluated: a CSV cell starting with `=`
 * stays that text; an XLSX cell gives the value the file stores (a formula's saved result), never a
 * recalculation.
 */

export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** A row of the file: its number as a spreadsheet shows it (the headings are row 1) and its cells as text. */
interface FileRow {
  line: number;
  values: string[];
}

export interface ImportFile {
  headings: string[];
  rows: FileRow[];
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];
const SAVE_AS = 'save it again as “CSV UTF-8” (or as .xlsx) and choose it again';

/** Reads the file, or throws an ImportFileError saying what is wrong with it. */
export async function readImportFile(file: Blob & { name: string }): Promise<ImportFile> {
  if (file.size === 0) throw new ImportFileError('The file is empty.');
  if (file.size > IMPORT_MAX_BYTES) {
    throw new ImportFileError('The file is larger than 10 MB: split it into smaller files.');
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name.toLowerCase();
  let table: string[][];
  if (startsWith(bytes, ZIP) && !name.endsWith('.csv')) table = await readXlsx(bytes);
  else if (startsWith(bytes, OLE) || name.endsWith('.xls')) {
    throw new ImportFileError(`This is an old Excel (.xls) file, which cannot be read: ${SAVE_AS}.`);
  } else if (/\.(csv|txt)$/.test(name) || file.type === 'text/csv') table = readCsv(bytes);
  else throw new ImportFileError('This is not a CSV or XLSX file: choose a .csv or .xlsx file.');
  return tableToFile(table);
}

function readCsv(bytes: Uint8Array): string[][] {
  if (UTF16_BOMS.some((bom) => startsWith(bytes, bom)) || bytes.includes(0)) {
    throw new ImportFileError(`The file is in UTF-16, not UTF-8: ${SAVE_AS}.`);
  }
  let text: string;
  try {
    // A byte order mark is dropped; bytes that are not UTF-8 (Windows-1252, Latin-1...) are refused.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(`The file is not in UTF-8 (another encoding, such as Windows-1252?): ${SAVE_AS}.`);
  }
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return data;
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  try {
    const sheet = await readSheet(bytes.buffer as ArrayBuffer);
    return sheet.map((row) => row.map(cellText));
  } catch {
    throw new ImportFileError(`The file could not be read as an XLSX workbook: ${SAVE_AS}.`);
  }
}

/** A spreadsheet cell as text: a date as YYYY-MM-DD (with its time when it has one), a number as written. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

const blank = (values: readonly string[]) => values.every((value) => value.trim() === '');

function tableToFile([first, ...rest]: string[][]): ImportFile {
  if (!first || (blank(first) && rest.every(blank))) throw new ImportFileError('The file is empty.');
  const headings = first.map((heading) => heading.trim());
  if (!headings.some((heading) => fieldOfHeading(heading))) {
    throw new ImportFileError(
      'The file has no header row: its first row must hold the column headings (e.g. Reference, Sender name), as in the template.',
    );
  }
  const rows = rest.map((values, index) => ({ line: index + 2, values })).filter(({ values }) => !blank(values));
  if (!rows.length) throw new ImportFileError('The file has its headings but no rows.');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      `The file has ${rows.length.toLocaleString('en-US')} rows, more than 10,000: split it into smaller files.`,
    );
  }
  return { headings, rows };
}
