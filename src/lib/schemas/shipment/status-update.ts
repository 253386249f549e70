import { z } from 'zod';
import { optionalText } from '../fields';
import { placeFields } from './place-fields';
import { statusSchema } from './status';
import { trackingNumberSchema } from './tracking-number';

/**
 * `PUT /api/tracking/{tracking_number}/update`. With `current_country` (and optional `current_city`) the
 * status happened there: the entry carries the place and it becomes the current location.
 */
export const statusUpdateSchema = z
  .object({
    tracking_number: trackingNumberSchema,
    status: statusSchema('Please select a status'),
    ...placeFields(),
    note: optionalText(2000, { multiline: true }),
  })
  .superRefine((update, context) => {
    if (update.current_city && !update.current_country) {
      context.addIssue({ code: 'custom', path: ['current_country'], message: 'Enter the country of the city' });
    }
  });
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
