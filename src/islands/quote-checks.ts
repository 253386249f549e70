import { type FieldErrors, fieldErrors } from '@/lib/field-errors';
import { type QuoteRequest, quoteRequestSchema } from '@/lib/schemas/quote';

// Loaded when the quote form is first used, not with the page: zod and the schema are most of the
// form's weight, and the server checks the same schema whatever the page did.

export type QuoteCheck = { ok: true; quote: QuoteRequest } | { ok: false; errors: FieldErrors };

/** The form's fields checked with the schema the server uses, so the messages are the same. */
export function checkQuote(fields: Record<string, unknown>): QuoteCheck {
  const result = quoteRequestSchema.safeParse(fields);
  return result.success ? { ok: true, quote: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
