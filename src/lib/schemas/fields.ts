import { z } from 'zod';
import { noControlCharacters, text as sharedText } from './text';

// Field rules shared by the customer, quote and settings schemas (browser forms and functions alike).

/** A blank form input means "not given". */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A string field's type error: "<required>" when absent, "Must be text" when of another type. */
export const textError = (required: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : 'Must be text';

/** Free text as stored (NFC, trimmed, no control characters; see ./text), "<required>" when absent. */
export const text = (max: number, { required = 'Is required', multiline = false } = {}) =>
  sharedText(max, { multiline, error: textError(required) });

/** Required text: blank reads as absent, and both say "<label> is required". */
export const requiredText = (max: number, label: string, options: { multiline?: boolean } = {}) => {
  const required = `${label} is required`;
  return z.preprocess(blankToUndefined, text(max, { ...options, required }).min(1, required));
};

/** Optional text: blank is stored as null. */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(blankToUndefined, text(max, options).nullable().optional());

const emailText = (required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .check(noControlCharacters())
    .max(254, 'Must be at most 254 characters')
    .pipe(z.email({ error: 'Must be a valid email address' }));

export const requiredEmail = (label: string) => z.preprocess(blankToUndefined, emailText(`${label} is required`));

export const optionalEmail = z.preprocess(blankToUndefined, emailText().nullable().optional());

/** Digits with the usual separators and an optional leading +; 7 to 15 digits in all. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_MESSAGE = 'Must be a phone number (7 to 15 digits)';
const phoneText = (required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .check(noControlCharacters())
    .max(40, 'Must be at most 40 characters')
    .refine((value) => PHONE_PATTERN.test(value) && /^(\D*\d){7,15}\D*$/.test(value), PHONE_MESSAGE);

export const requiredPhone = (label: string) => z.preprocess(blankToUndefined, phoneText(`${label} is required`));

export const optionalPhone = z.preprocess(blankToUndefined, phoneText().nullable().optional());

/** In a change (PATCH), a blank field clears the value: blank becomes null, absent stays "unchanged". */
export const clearable = <S extends z.ZodType>(schema: S) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable())
    .optional();

export const emailValue = emailText();
export const phoneValue = phoneText();

/** A cursor as the list answered it (base64url). */
const cursorText = z
  .string()
  .check(noControlCharacters())
  .max(200)
  .regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor');

/** A whole number of a query (a page size, a page), from 1 to `max`, `fallback` when absent. */
export const countQuery = (fallback: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(max, `Must be at most ${max}`)
      .default(fallback),
  );

/** Paging by keyset: `cursor` continues after a page, `before` goes back to the page before one. */
export const pagingQuery = (defaultLimit: number, maxLimit: number) => ({
  limit: countQuery(defaultLimit, maxLimit),
  cursor: z.preprocess(blankToUndefined, cursorText.optional()),
  before: z.preprocess(blankToUndefined, cursorText.optional()),
});

/**
 * The `meta` of a keyset-paged list: `total_is_estimate` means more matched than were counted;
 * `offset` is how many matches come before this page (null past the count's cap, or on an empty page).
 */
export const listMetaSchema = z.object({
  total: z.number().int(),
  offset: z.number().int().nullable(),
  limit: z.number().int(),
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
  total_is_estimate: z.boolean(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;
