import { z } from 'zod';
import '../zod-config';

// Shared by every schema that takes free text from people: what it rejects and how it is stored.

export const NO_CONTROL_CHARACTERS = 'Must not contain control characters';

/** No control character at all (C0, DEL, C1): a null byte, an escape, a form feed... */
const SINGLE_LINE = /^\P{Cc}*$/u;
/** The same, but tabs and line breaks are fine (addresses, notes). */
const MULTILINE = /^(?:[\t\n\r]|\P{Cc})*$/u;

/**
 * The rule's check alone, for strings that are not stored as typed text (a password, a token, an email or a
 * date with a format of its own): put first, so its message is the one a control character gets.
 */
export const noControlCharacters = ({ multiline = false }: { multiline?: boolean } = {}) =>
  z.regex(multiline ? MULTILINE : SINGLE_LINE, { error: NO_CONTROL_CHARACTERS, abort: true });

/**
 * Free text as it is stored: NFC-normalised (the same word typed on two keyboards is the same
 * bytes, so it is found and compared alike), trimmed, free of control characters, at most `max`
 * characters. A string schema, so callers may chain `.min()` and the like.
 */
export function text(
  max: number,
  {
    multiline = false,
    error,
    tooLong = `Must be at most ${max} characters`,
  }: { multiline?: boolean; error?: z.core.$ZodStringParams['error']; tooLong?: string } = {},
) {
  return z
    .string(error ? { error } : undefined)
    .normalize('NFC')
    .trim()
    .check(noControlCharacters({ multiline }))
    .max(max, tooLong);
}
