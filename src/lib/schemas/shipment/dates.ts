import { z } from 'zod';
import { isRealDate, toInstant } from '@/lib/company-day';
import { blankToUndefined, textError } from '../fields';
import { noControlCharacters } from '../text';

// A shipment's dates and times: as staff and devices give them (the forms' and the calls' fields) and as
// they are stored and answered. Reading and checking the calendar is the company day's (@/lib/company-day).

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** A calendar date (YYYY-MM-DD), required. */
export const calendarDate = z
  .string({ error: textError('Is required') })
  .trim()
  .check(noControlCharacters())
  .regex(DATE_PATTERN, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isRealDate, 'Must be a real calendar date');

/** A calendar date (YYYY-MM-DD), optional: blank is stored as null. */
export const optionalDate = z.preprocess(blankToUndefined, calendarDate.nullable().optional());

/**
 * A date, or a date and time (ISO 8601, e.g. from a datetime-local input), stored as the instant in
 * UTC (`2026-11-24T09:30:00.000Z`), so every client can show it in its viewer's own time zone.
 */
const dateTime = (required = 'Is required') =>
  z
    .string({ error: textError(required) })
    .trim()
    .check(noControlCharacters())
    .regex(DATE_TIME_PATTERN, {
      message: 'Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)',
      abort: true,
    })
    .refine(
      (value) => isRealDate(value.slice(0, 10)) && !Number.isNaN(toInstant(value)),
      'Must be a real date and time',
    )
    .transform((value) => new Date(toInstant(value)).toISOString());

/** A date and time as above, optional: blank is stored as null. */
export const optionalDateTime = z.preprocess(blankToUndefined, dateTime().nullable().optional());

/** A moment as stored: ISO 8601 in UTC with milliseconds. */
export const timestamp = z.iso.datetime();

/** A calendar date as stored, or null. */
export const nullableDate = z.iso.date().nullable();
