import { z } from 'zod';
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
