import { z } from 'zod';
import { DEPOT_CODES } from '@/data/depots';
import { nullableDate } from './dates';

/**
 * What happens next after a failed attempt, as staff set it and the public page tells it: another attempt
 * on a day, or collection at a depot until a day. Null when nothing is planned.
 */
export const nextStepFields = {
  next_attempt_on: nullableDate.meta({ description: 'The day of the next delivery attempt, when one is scheduled' }),
  pickup_depot: z
    .enum(DEPOT_CODES)
    .nullable()
    .meta({ description: 'The depot where the parcel waits for collection (available for pickup)' }),
  pickup_until: nullableDate.meta({ description: 'The last day the depot keeps it' }),
};

/** The columns of the next step, as the staff read and the public lookup select them. */
export const NEXT_STEP_COLUMNS = Object.keys(nextStepFields);
