import { z } from 'zod';
import { parseStatus, SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { blankToUndefined } from '../fields';

// A shipment's status: as people give it (stored or labelled, any case) and as the API answers it.

/** A status as given; `required` is the message when it is absent. */
export const statusSchema = (required: string) =>
  z.preprocess(
    // A status it cannot read is left as given, for the enum to refuse in words.
    (value) => (typeof value === 'string' ? blankToUndefined(parseStatus(value) ?? value) : value),
    z.enum(SHIPMENT_STATUSES, {
      error: (issue) => (issue.input === undefined ? required : `Must be one of ${SHIPMENT_STATUSES.join(', ')}`),
    }),
  );

/** A status as stored (in_transit) or as labelled (In Transit), any case. */
export const shipmentStatusSchema = statusSchema('Status is required');

/** A status as the API answers it and rows are decoded: always as stored. */
export const shipmentStatusValueSchema = z.enum(SHIPMENT_STATUSES);
