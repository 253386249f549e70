import { z } from 'zod';
import { optionalText } from '../fields';
import { optionalDateTime } from './dates';
import { placeFields } from './place-fields';
import { trackingNumberSchema } from './tracking-number';

/**
 * `PUT /api/tracking/{tracking_number}/update-location`. The place is `current_country` plus the
 * optional `current_city`. Without `arrival_time` the shipment is there now; with it, it is on its way
 * there and expected then (it becomes the next arrival). `note` is shown on the public timeline as typed.
 */
export const locationUpdateSchema = z.object({
  tracking_number: trackingNumberSchema,
  ...placeFields('Please enter the country'),
  arrival_time: optionalDateTime,
  note: optionalText(2000, { multiline: true }),
});
export type LocationUpdateInput = z.infer<typeof locationUpdateSchema>;
