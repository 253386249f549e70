import { z } from 'zod';
import { DEPOT_CODES } from '@/data/depots';
import { DELIVERY_REASONS, STATUSES_WITH_REASON } from '@/lib/shipment-status';
import { blankToUndefined, optionalText } from '../fields';
import { optionalDate } from './dates';
import { placeFields } from './place-fields';
import { reasonIssue } from './reason';
import { statusSchema } from './status';
import { trackingNumberSchema } from './tracking-number';

/** A reason picked from the fixed list (blank is none). */
const reasonField = z
  .preprocess(blankToUndefined, z.enum(DELIVERY_REASONS, { error: 'Choose a reason from the list' }).optional())
  .meta({ description: `Why: required with ${STATUSES_WITH_REASON.join(' and ')}, and only with them.` });

/** A depot by its code (blank is none). */
export const depotField = z.preprocess(
  blankToUndefined,
  z.enum(DEPOT_CODES, { error: 'Choose a depot from the list' }).optional(),
);

/** The fields of a status change, besides the shipments it is for (one, or a bulk change's selection). */
export const statusChangeFields = {
  status: statusSchema('Please select a status'),
  reason: reasonField,
  pickup_depot: depotField,
  pickup_until: optionalDate,
  ...placeFields(),
  note: optionalText(2000, { multiline: true }),
};
const statusChangeSchema = z.object(statusChangeFields);

/**
 * The rules between a status change's fields: a city needs its country, a failed attempt or an exception
 * carries its reason (`reasonIssue`), available for pickup names its depot and the last day it is kept there.
 */
export function statusChangeRules(update: z.infer<typeof statusChangeSchema>, context: z.RefinementCtx) {
  if (update.current_city && !update.current_country) {
    context.addIssue({ code: 'custom', path: ['current_country'], message: 'Enter the country of the city' });
  }
  const issue = reasonIssue(update.status, update.reason, update.note);
  if (issue) context.addIssue({ code: 'custom', ...issue });
  const pickup = update.status === 'available_for_pickup';
  if (pickup && !update.pickup_depot) {
    context.addIssue({ code: 'custom', path: ['pickup_depot'], message: 'Choose the depot it waits at' });
  }
  if (pickup && !update.pickup_until) {
    context.addIssue({ code: 'custom', path: ['pickup_until'], message: 'Enter the last day it is kept' });
  }
}

/**
 * `PUT /api/tracking/{tracking_number}/update`. With `current_country` (and optional `current_city`) the
 * status happened there: the entry carries the place and it becomes the current location.
 */
export const statusUpdateSchema = z
  .object({ tracking_number: trackingNumberSchema, ...statusChangeFields })
  .superRefine(statusChangeRules);
export type StatusUpdateInput = z.infer<typeof statusUpdateSchema>;
