import type { Row } from '@libsql/client';
import { z } from 'zod';

/**
 * Database rows enter the program through a schema, never a cast: a row that does not match (a
 * migration and the code out of step) fails loudly here, where it is read, and the call answers 503.
 */
export function decodeRow<S extends z.ZodType>(schema: S, row: Row | Record<string, unknown>): z.output<S> {
  return schema.parse(row);
}

export function decodeRows<S extends z.ZodType>(schema: S, rows: readonly Row[]): Array<z.output<S>> {
  return rows.map((row) => schema.parse(row));
}

/** The first row decoded, or null when there is none. */
export function decodeFirst<S extends z.ZodType>(schema: S, rows: readonly Row[]): z.output<S> | null {
  const row = rows[0];
  return row === undefined ? null : schema.parse(row);
}

/** SQLite's booleans, 0 or 1, as the program reads them. */
export const sqlBoolean = z.number().transform((value) => value !== 0);
