import type { InStatement, InValue, ResultSet, Row } from '@libsql/client';
import { z } from 'zod';
import type { ListMeta } from '@/lib/schemas/fields';
import { invalidInput } from './http';
import { decodeFirst } from './rows';

/**
 * Keyset paging for the admin lists, newest first by an integer key that only grows (a rowid, a
 * customer number). A cursor names a row's key, opaquely: `cursor` asks for the rows after it (the
 * next page), `before` for the rows before it (the previous page), so any page can be put in a
 * link, and rows added meanwhile never shift a later page.
 */

export function encodeCursor(key: number): string {
  return Buffer.from(String(key)).toString('base64url');
}

function decodeCursor(cursor: string, field: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const key = Number(text);
  if (/^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(key)) return key;
  throw invalidInput({ [field]: ['Invalid cursor'] });
}

export type Keyset = { direction: 'next'; after: number | undefined } | { direction: 'previous'; before: number };

/** The page a list query asks for: the first, the one after `cursor`, or the one before `before`. */
export function readKeyset(query: { cursor?: string | undefined; before?: string | undefined }): Keyset {
  if (query.cursor && query.before) throw invalidInput({ before: ['Give either cursor or before, not both'] });
  if (query.before) return { direction: 'previous', before: decodeCursor(query.before, 'before') };
  return { direction: 'next', after: query.cursor ? decodeCursor(query.cursor, 'cursor') : undefined };
}

export interface Filter {
  sql: string;
  args: InValue[];
}

/** The WHERE part and ORDER BY of a page on `key`: walking back from `before` reads upwards. */
export function keysetOrder(key: string, keyset: Keyset): { filters: Filter[]; order: string } {
  if (keyset.direction === 'previous') return { filters: [{ sql: `${key} > ?`, args: [keyset.before] }], order: 'ASC' };
  return {
    filters: keyset.after === undefined ? [] : [{ sql: `${key} < ?`, args: [keyset.after] }],
    order: 'DESC',
  };
}

/**
 * The matches before the page (newer than it) as a filter on `key`, for counting them: after a
 * cursor, every key from it up; before one, every key above it (the page's own rows included, which
 * keysetPage takes off). None on the first page.
 */
export function precedingFilter(key: string, keyset: Keyset): Filter | undefined {
  if (keyset.direction === 'previous') return { sql: `${key} > ?`, args: [keyset.before] };
  return keyset.after === undefined ? undefined : { sql: `${key} >= ?`, args: [keyset.after] };
}

/** A statement counting the rows a `SELECT 1 ...` answers, up to `limit`. */
export const countStatement = (select: Filter, limit: number): InStatement => ({
  sql: `SELECT count(*) AS total FROM (${select.sql} LIMIT ?)`,
  args: [...select.args, limit],
});

/** The count a countStatement answered. */
export const readCount = (rows: Row[]): number => decodeFirst(z.object({ total: z.number().int() }), rows)?.total ?? 0;

/**
 * For the batch that reads a page: statements counting the matches (`SELECT 1 FROM <from> WHERE
 * <filters>`) and, past the first page, those before it, each up to `limit`.
 */
export function countStatements(
  from: string,
  filters: Filter[],
  { key, keyset, limit }: { key: string; keyset: Keyset; limit: number },
): InStatement[] {
  const count = (where: Filter[]) => {
    const all = and(where);
    return countStatement({ sql: `SELECT 1 FROM ${from} WHERE ${all.sql}`, args: all.args }, limit);
  };
  const before = precedingFilter(key, keyset);
  return [count(filters), ...(before ? [count([...filters, before])] : [])];
}

/** What countStatements answered, as keysetPage takes it. */
export function readCounts([count, preceding]: ResultSet[]): { counted: number; preceding: number } {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return { counted: readCount(count!.rows), preceding: preceding ? readCount(preceding.rows) : 0 };
}

/** Filters joined with AND ("1" when there are none). */
export const and = (filters: Filter[]): Filter => ({
  sql: filters.map((filter) => `(${filter.sql})`).join(' AND ') || '1',
  args: filters.flatMap((filter) => filter.args),
});

/**
 * A page from the rows read in `keysetOrder` order (one more than the limit, to know whether more
 * follow in that direction), newest first, with the cursors of its neighbours. `counted` is the
 * number of matches counted up to `cap` + 1, `preceding` those passing `precedingFilter` (0 on the
 * first page), counted the same way.
 */
export function keysetPage<T>(
  rows: T[],
  keyOf: (row: T) => number,
  {
    keyset,
    limit,
    counted,
    preceding,
    cap,
  }: { keyset: Keyset; limit: number; counted: number; preceding: number; cap: number },
): { data: T[]; meta: ListMeta } {
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  if (keyset.direction === 'previous') shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const hasNext = keyset.direction === 'previous' ? true : more;
  const hasPrevious = keyset.direction === 'previous' ? more : keyset.after !== undefined;
  const offset = keyset.direction === 'previous' ? preceding - shown.length : preceding;
  return {
    data: shown,
    meta: {
      total: Math.min(counted, cap),
      offset: shown.length && preceding <= cap ? Math.max(offset, 0) : null,
      limit,
      next_cursor: hasNext && last ? encodeCursor(keyOf(last)) : null,
      prev_cursor: hasPrevious && first ? encodeCursor(keyOf(first)) : null,
      total_is_estimate: counted > cap,
    },
  };
}
