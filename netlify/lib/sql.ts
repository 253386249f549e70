import type { InStatement, InValue } from '@libsql/client';

/** One `?` per value, for an `IN (...)` list or a row of `VALUES (...)` whose values are passed as arguments. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** Appends a condition to a statement that ends in its WHERE clause (the shared history and log statements). */
export const onlyIf = (statement: InStatement, condition: { sql: string; args: InValue[] }): InStatement => {
  const { sql, args = [] } = typeof statement === 'string' ? { sql: statement, args: [] } : statement;
  if (!/WHERE [^()]*\?\s*$/.test(sql)) throw new Error('onlyIf needs a statement ending in its WHERE clause');
  return { sql: `${sql} AND ${condition.sql}`, args: [...(args as InValue[]), ...condition.args] };
};
