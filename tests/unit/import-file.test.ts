import { describe, expect, it } from 'vitest';
import { ImportFileError, readImportFile } from '../../src/lib/import-file';
import { cellsOf, matchHeadings, templateCsv } from '../../src/lib/import-mapping';
import {
  checkRow,
  hasControlCharacter,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
} from '../../src/lib/schemas/shipment/import-row';
import { xlsxWorkbook } from '../helpers/xlsx';

// Reading an imported file (encodings, kinds, limits), matching its headings to fields, and each row checked
// with the New Shipment rules.

const file = (content: BlobPart | BlobPart[], name = 'orders.csv', type = '') =>
  new File(Array.isArray(content) ? content : [content], name, { type });
const refusal = async (chosen: File) => {
  const error = await readImportFile(chosen).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as Error).message;
};

const HEADINGS = 'Reference,Sender name,Recipient name,Recipient address,Origin,Destination,Status';

describe('reading a file', () => {
  it('reads CSV in UTF-8 with or without a byte order mark, rows numbered as a spreadsheet shows them', async () => {
    const body = `${HEADINGS}\r\nR-1,Åse,"Doe, Jo","Storgata 1, Tromsø",Oslo,Tromsø,Preparing\r\n,,,,,,\r\nR-2,=1+2,B,C,D,E,F\r\n`;
    for (const content of [body, `\uFEFF${body}`]) {
      const read = await readImportFile(file(content));
      expect(read.headings[0]).toBe('Reference');
      expect(read.rows).toEqual([
        { line: 2, values: ['R-1', 'Åse', 'Doe, Jo', 'Storgata 1, Tromsø', 'Oslo', 'Tromsø', 'Preparing'] },
        // A formula stays the text it is.
        { line: 4, values: ['R-2', '=1+2', 'B', 'C', 'D', 'E', 'F'] },
      ]);
    }
  });

  it('reads XLSX, numbers as text', async () => {
    const workbook = xlsxWorkbook([
      ['Reference', 'Weight (kg)', 'Sender name'],
      ['X-1', 12.5, '=SUM(A1)'],
    ]);
    const read = await readImportFile(file(workbook, 'orders.xlsx'));
    expect(read).toEqual({
      headings: ['Reference', 'Weight (kg)', 'Sender name'],
      rows: [{ line: 2, values: ['X-1', '12.5', '=SUM(A1)'] }],
    });
  });

  it('refuses what it cannot read, saying which', async () => {
    expect(await refusal(file(''))).toBe('The file is empty.');
    expect(await refusal(file('\r\n,,\r\n'))).toBe('The file is empty.');
    expect(await refusal(file(new Uint8Array(IMPORT_MAX_BYTES + 1)))).toMatch(/larger than 10 MB/);
    expect(await refusal(file('%PDF-1.7', 'orders.pdf'))).toMatch(/not a CSV or XLSX file/);
    expect(await refusal(file(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'orders.xls'))).toMatch(/\.xls/);
    expect(await refusal(file(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]), 'orders.xlsx'))).toMatch(
      /could not be read as an XLSX/,
    );
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Reference'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await refusal(file(utf16))).toMatch(/UTF-16, not UTF-8/);
    // "Tromsø" in Windows-1252.
    const latin = new Uint8Array([...new TextEncoder().encode(`${HEADINGS}\nR,A,B,Troms`), 0xf8, 0x0a]);
    expect(await refusal(file(latin))).toMatch(/not in UTF-8/);
    expect(await refusal(file('R-1,Ann,Bo,"1 St, Oslo",Oslo,Oslo,Preparing\n'))).toMatch(/no header row/);
    expect(await refusal(file(`${HEADINGS}\n`))).toMatch(/headings but no rows/);
    const tooMany = `${HEADINGS}\n${'R,A,B,C,D,E,F\n'.repeat(10_001)}`;
    expect(await refusal(file(tooMany))).toMatch(/10,001 rows, more than 10,000/);
  });
});

describe('matching columns to fields', () => {
  it('matches headings by name, label or alias, any case or spacing; unknown and repeated ones are ignored', () => {
    expect(
      matchHeadings(['Order reference', 'SENDER_NAME', ' recipient  email ', 'Weight (kg)', 'Colour', 'ref', 'To']),
    ).toEqual(['reference', 'sender_name', 'recipient_mail', 'weight', null, null, 'destination']);
  });

  it('finds control characters a call would refuse; tabs and line breaks are text', () => {
    expect(hasControlCharacter({ sender_name: 'A\u0000B' })).toBe(true);
    expect(hasControlCharacter({ sender_address: '1 Main St\r\nSuite\t2' })).toBe(false);
  });

  it('takes each row’s cells by the mapping staff chose', () => {
    expect(cellsOf(['R-9', 'ignored', 'Oslo'], ['reference', null, 'origin'])).toEqual({
      reference: 'R-9',
      origin: 'Oslo',
    });
  });

  it('the template is a heading per field, which matches back to every field', () => {
    const headings = templateCsv().trim().split(',');
    expect(headings).toHaveLength(IMPORT_FIELDS.length);
    expect(IMPORT_FIELDS.every((field) => IMPORT_FIELD_LABELS[field])).toBe(true);
    expect(matchHeadings(headings)).toEqual([...IMPORT_FIELDS]);
  });

  it('checks a row with the New Shipment rules, errors by field', () => {
    const base = {
      reference: 'R-1',
      status: 'in transit',
      sender_name: 'A',
      recipient_name: 'B',
      recipient_address: 'Storgata 1, Tromsø',
      origin: 'Oslo',
      destination: 'Tromsø, Norway',
    };
    const valid = checkRow(base);
    expect(valid.ok && valid.row).toMatchObject({ reference: 'R-1', status: 'in_transit' });
    expect(checkRow({ ...base, order_date: '26/11/2026' })).toEqual({
      ok: false,
      errors: { order_date: ['Must be a date as YYYY-MM-DD'] },
    });
    // The create schema's rule across fields holds too.
    expect(checkRow({ ...base, recipient_address: '1 Main St, Bergen' })).toEqual({
      ok: false,
      errors: { recipient_address: [expect.stringMatching(/destination/)] },
    });
  });
});
