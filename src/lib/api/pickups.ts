import { z } from 'zod';
import { OFFICE, type Role } from '../roles';
import {
  PICKUP_MAX_PIECES,
  pickupAssignSchema,
  pickupCompletedSchema,
  pickupCompleteSchema,
  pickupListQuerySchema,
  pickupListSchema,
  pickupMoveSchema,
  pickupRecordSchema,
  pickupRequestSchema,
  pickupTokenSchema,
  publicPickupSchema,
} from '../schemas/pickup';
import { defineEndpoint, recordNumber } from './contract';
import { PICKUP_PATHS } from './paths';

export const PICKUP_NOT_FOUND = 'Pickup not found.';

const idParams = z.object({ id: recordNumber(PICKUP_NOT_FOUND, 'The pickup id (a whole number)') });
const answer = <S extends z.ZodType>(data: S) => z.object({ status: z.literal('success'), data });
const DRIVERS: readonly Role[] = ['driver'];

/**
 * Pickups: booked on the public form, moved or cancelled from the emailed link until the cut-off, listed
 * by day for dispatchers, put on a driver's run, and collected (which books or links the shipment).
 */
export const pickupsApi = {
  create: defineEndpoint({
    method: 'POST',
    path: PICKUP_PATHS.create,
    summary: `Book a pickup (public; limited per client address): address, a business day and a time window (at least 2 hours ahead, at most 30 days), up to ${PICKUP_MAX_PIECES} pieces and their weight, and a contact. Emails a confirmation with a link to move or cancel it. 422 naming the field for a day in the past, a closed day or a window too close. The pickup page's form without its script posts the same fields as \`application/x-www-form-urlencoded\`: answered 303 to the page saying it is booked, or with a short HTML page naming what is wrong.`,
    access: 'public',
    body: pickupRequestSchema,
    status: 201,
    response: answer(z.object({ id: z.number().int(), pickup_date: z.iso.date(), change_until: z.iso.datetime() })),
    errors: [403, 429],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pickups/queue',
    summary:
      "The pickups of a day (today in the company's day when none is given) in window order, or of one run; optional status filter; with the drivers a pickup may be given to.",
    access: 'session',
    roles: OFFICE,
    query: pickupListQuerySchema,
    status: 200,
    response: answer(pickupListSchema),
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/api/pickups/:id/run',
    summary:
      "Put a requested pickup on a driver's run of its day (made on first use), or move it to another driver's. 422 naming `driver_id` for someone who is not an active driver; 409 for a pickup cancelled, collected or of a past day.",
    access: 'session',
    roles: OFFICE,
    params: idParams,
    body: pickupAssignSchema,
    status: 200,
    response: answer(pickupRecordSchema),
    errors: [404, 409],
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/pickups/:id/complete',
    summary:
      'Record a pickup as collected (its driver, or the office): in one transaction a new shipment is booked (status processing, its sender made a customer or linked to the one with their email), or with a tracking number the pickup is linked to that shipment. Done once: a repeat answers the same tracking number with `created: false`. 403 for a driver whose run it is not on; 409 for a cancelled pickup; 422 naming `tracking_number` for an unknown one.',
    access: 'session',
    roles: [...OFFICE, 'driver'],
    params: idParams,
    body: pickupCompleteSchema,
    status: 200,
    response: answer(pickupCompletedSchema),
    errors: [404, 409],
  }),
  driverList: defineEndpoint({
    method: 'GET',
    path: '/api/driver/pickups',
    summary: "The signed-in driver's pickups for today (the company's day), in window order.",
    access: 'session',
    roles: DRIVERS,
    status: 200,
    response: answer(z.object({ date: z.iso.date(), pickups: z.array(pickupRecordSchema) })),
  }),
  read: defineEndpoint({
    method: 'POST',
    path: PICKUP_PATHS.read,
    summary:
      'What a pickup link shows (its token in the body, kept out of addresses): the pickup, and whether and until when it can be moved or cancelled. 404 for a link we did not send.',
    access: 'public',
    body: pickupTokenSchema,
    status: 200,
    response: answer(publicPickupSchema),
    errors: [404],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: PICKUP_PATHS.cancel,
    summary:
      'Cancel the pickup of a link, up to 2 hours before its window starts. 404 for a link we did not send; 410 with words once it is cancelled, collected or past its cut-off.',
    access: 'public',
    body: pickupTokenSchema,
    status: 200,
    response: answer(publicPickupSchema),
    errors: [404, 410],
  }),
  move: defineEndpoint({
    method: 'POST',
    path: PICKUP_PATHS.move,
    summary:
      'Move the pickup of a link to another business day or window, up to 2 hours before its window starts; it leaves its run, and a new confirmation is emailed. 422 naming the field for a day or window it cannot take; 410 as for cancelling.',
    access: 'public',
    body: pickupMoveSchema,
    status: 200,
    response: answer(publicPickupSchema),
    errors: [404, 410],
  }),
};
