import type { z } from 'zod';
import { type FieldErrors, fieldErrors } from '@/lib/field-errors';

/** Runs a shared zod schema in the browser: the parsed data, or the same `{field: [messages]}` the server sends. */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { data: z.infer<Schema>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}

/** The values of a form's named controls as strings (checkboxes as booleans). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/** Every message of an errors map, "Field: message", for a banner. */
export function flattenErrors(errors: FieldErrors, labels: Record<string, string> = {}): string[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => (field === '_' ? message : `${labels[field] ?? field}: ${message}`)),
  );
}
