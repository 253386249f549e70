import type { z } from 'zod';

/** Messages per field, the shape of a 422 answer's `errors` and of every form's error state. */
export type FieldErrors = Record<string, string[]>;

/** zod issues as `{field: [messages]}`: nested paths joined with dots, whole-value problems under `_`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}
