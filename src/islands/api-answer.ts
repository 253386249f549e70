import type { FieldErrors } from '@/lib/field-errors';

// The public pages read the API's answers by hand: they ship no schema library, and only need the
// message and the field errors of an answer.

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** An answer's `message`, if it has one. */
export const messageOf = (body: unknown): string | null =>
  isObject(body) && typeof body.message === 'string' ? body.message : null;

/** A 422's field errors (`errors: {field: [messages]}`), the fields whose messages are not all text left out. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isObject(body) || !isObject(body.errors)) return errors;
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages) && messages.every((item) => typeof item === 'string')) errors[field] = messages;
  }
  return errors;
}
