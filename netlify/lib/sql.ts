import type { InStatement, InValue } from '@libsql/client';

/** One `?` per value, for an `IN (...)` list or a row of `VALUES (...)` whose values are passed as arguments. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** A piece of SQL that stands for one value, with its `?` arguments: a subquery a statement embeds. */
export interface SqlValue {
  sql: string;
  args: InValue[];
}

/** SQL standing for one value, with named arguments (for statements written with named ones). */
export interface NamedSql {
  sql: string;
  args: Record<string, InValue>;
}

/** The caller of a call as SQL, for reads made before the caller is checked: its sender id and staff id. */
export interface CallerSql {
  /** `user:<id>` for a session, `key:<id>` for a device key. */
  source: SqlValue;
  /** The staff member who acts: the session's, or the one who made the key. */
  id: SqlValue;
  /** A session's staff member's email while the session is live (NULL otherwise): whose sign-in throttle counts. */
  email: NamedSql;
}

/** A call's first statements, made with the caller check: reads, or reads that write too (a throttle's count). */
export interface FirstStatements {
  statements: InStatement[];
  write: boolean;
}
