/** One `?` per value, for an `IN (...)` list or a row of `VALUES (...)` whose values are passed as arguments. */
export const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');
