/**
 * How a typed search term becomes an FTS5 query of the trigram indexes (migrations 003, 009, 018, 032).
 * Those indexes fold case and accents, and hold phones with their usual separators taken out (the
 * same characters as PHONE_SEPARATORS, in the migration's SQL), so a phone-like term is also looked
 * up as its digits in the phone columns.
 */

/** A quoted FTS5 string is a phrase: consecutive trigrams, i.e. the substring, within one column. */
export const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** What an indexed phone leaves out; migration 018 strips the same characters. */
const PHONE_SEPARATORS = [' ', '-', '.', '(', ')', '+', '/'];

const PHONE_LIKE = /^[\d ().+\-/]*\d[\d ().+\-/]*$/;

/** The SQL of a phone column as the index holds it (for checks that do not read the index). */
export const strippedPhone = (column: string) =>
  PHONE_SEPARATORS.reduce((sql, separator) => `replace(${sql}, '${separator}', '')`, `coalesce(${column}, '')`);

/**
 * The digits a phone-like term (digits with phone separators) stands for, when they differ from the
 * term and are long enough for the trigram index (3+); otherwise undefined.
 */
export function phoneDigits(term: string): string | undefined {
  if (!PHONE_LIKE.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  return digits !== term && digits.length >= 3 ? digits : undefined;
}

/**
 * The trigram index query of a term of 3+ characters: the term as typed in any column, or its
 * digits in the given phone columns.
 */
export function trigramQuery(term: string, phoneColumns: string[]): string {
  const digits = phoneDigits(term);
  return digits === undefined ? phrase(term) : `${phrase(term)} OR {${phoneColumns.join(' ')}} : ${phrase(digits)}`;
}
