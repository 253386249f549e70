import { z } from 'zod';
import { normalizeTrackingNumber, trackingNumberProblem } from '@/lib/tracking-number';
import { blankToUndefined } from '../fields';
import { noControlCharacters, text } from '../text';
import { shipmentListQuerySchema } from './list-query';

// Shipments picked together on the list: by their numbers (the rows ticked, on any page), or every match
// of the list's search and filters, which the server reads itself so that the set is the list's.

/** A list of tracking numbers as given: trimmed, any case, each well-formed, none twice; at most `max`. */
export const trackingNumberList = (max: number) =>
  z
    .array(text(40, { error: 'Must be text', tooLong: 'Must be a tracking number' }), {
      error: 'Give a list of tracking numbers',
    })
    .min(1, 'Give at least one tracking number')
    .max(max, `At most ${max} tracking numbers at once`)
    .transform((values, context) => {
      const numbers = values.map(normalizeTrackingNumber);
      numbers.forEach((number, index) => {
        const problem = trackingNumberProblem(number);
        if (problem) context.addIssue({ code: 'custom', path: [index], message: problem });
        else if (numbers.indexOf(number) !== index) {
          context.addIssue({ code: 'custom', path: [index], message: `${number} is in the list twice` });
        }
      });
      return numbers;
    });

/** How many ticked rows one bulk action takes. */
export const SELECTED_MAX = 500;
/** How many matches of the filters one bulk action takes: past this, narrow the filters. */
export const MATCHING_MAX = 1000;

/** The list's search and filters without its paging: what "every match" means. */
export const shipmentFilterSchema = shipmentListQuerySchema.omit({ limit: true, cursor: true, before: true });
export type ShipmentFilter = z.infer<typeof shipmentFilterSchema>;

/** The selection's two fields: exactly one of them. */
export const selectionFields = {
  tracking_numbers: trackingNumberList(SELECTED_MAX)
    .optional()
    .meta({ description: `The ticked shipments, up to ${SELECTED_MAX}` }),
  filter: shipmentFilterSchema
    .optional()
    .meta({ description: `Every shipment the list's search and filters match (up to ${MATCHING_MAX})` }),
};

/** The rule of `selectionFields`: one of the two, named on `tracking_numbers` when neither or both are given. */
export function selectionIssue(selection: { tracking_numbers?: unknown; filter?: unknown }) {
  const given = [selection.tracking_numbers, selection.filter].filter((part) => part !== undefined).length;
  if (given === 1) return null;
  return {
    path: ['tracking_numbers'],
    message: given ? 'Give the tracking numbers or the filter, not both' : 'Select at least one shipment',
  };
}

/** `numbers=NEC…,NEC…` in a query (an export of the ticked rows): the same list, comma-separated. */
export const numbersQuery = z.preprocess(
  blankToUndefined,
  z
    .string()
    .check(noControlCharacters())
    .transform((value) => value.split(','))
    .pipe(trackingNumberList(SELECTED_MAX))
    .optional(),
);
