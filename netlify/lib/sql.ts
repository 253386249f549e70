import type { InValue } from '@libsql/client';

/** One `?` per value, for an `IN (...)` list or a row of `VALUES (...)` whose values are passed as arguments. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** A piece of SQL that stands for one value, with its `?` arguments: a subquery a statement embeds. */
export interface SqlValue {
  sql: string;
  args: InValue[];
}

/** The caller of a call as SQL, for reads made before the caller is checked: its sender id and staff id. */
export interface CallerSql {
  /** `user:<id>` for a session, `key:<id>` for a device key. */
  source: SqlValue;
  /** The staff member who acts: the session's, or the one who made the key. */
  id: SqlValue;
}
