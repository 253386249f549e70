import { z } from 'zod';
import { parseScanCode } from '@/lib/pieces';
import { TRACKING_NUMBER_PATTERN } from '@/lib/tracking-number';
import { textError } from '../fields';
import { noControlCharacters } from '../text';

// A tracking number as people and devices give it: trimmed and upper-cased before it is checked.

export const trackingNumberSchema = z
  .string({ error: textError('Tracking number is required') })
  .trim()
  .check(noControlCharacters())
  .toUpperCase()
  .regex(TRACKING_NUMBER_PATTERN, 'Must be NEC followed by 9 letters A-Z or digits 0-9');

/**
 * What a scanner reads: a tracking number (the whole shipment) or a piece's barcode (NEC123456789-2), as
 * the shipment's number and the piece's (null for the whole shipment).
 */
export const scanCodeSchema = z
  .string({ error: textError('Tracking number is required') })
  .trim()
  .check(noControlCharacters())
  .toUpperCase()
  .transform((code, context) => {
    const parsed = parseScanCode(code);
    if (parsed) return parsed;
    context.addIssue({
      code: 'custom',
      message: "Must be NEC followed by 9 letters A-Z or digits 0-9, then a piece's -<number> if it names one",
    });
    return z.NEVER;
  });
