import { z } from 'zod';
import type { Role } from '../roles';
import { DRIVER_EVENTS_MAX, driverEventsBodySchema, driverStopsSchema } from '../schemas/driver';
import { scanResultSchema } from '../schemas/scans';
import { defineEndpoint } from './contract';

/** The driver's phone screen: their run for today, and what they record at each stop. Drivers only. */
const DRIVERS: readonly Role[] = ['driver'];

export const driverApi = {
  stops: defineEndpoint({
    method: 'GET',
    path: '/api/driver/stops',
    summary:
      "The signed-in driver's stops for today (the company's day), in run order: number, status, recipient, address, phone and destination.",
    access: 'session',
    roles: DRIVERS,
    status: 200,
    response: z.object({ status: z.literal('success'), data: driverStopsSchema }),
  }),
  events: defineEndpoint({
    method: 'POST',
    path: '/api/driver/events',
    summary: `Record up to ${DRIVER_EVENTS_MAX} actions at stops in the order given (picked_up, out_for_delivery, failed_attempt with a reason, piece_delivered for a piece's barcode: the stop is delivered with its last piece). Idempotent by event_id: an action sent again is answered as a duplicate and recorded once. 403 for the whole request, and nothing recorded, when a stop is not on the driver's run.`,
    access: 'session',
    roles: DRIVERS,
    body: driverEventsBodySchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(scanResultSchema) }),
  }),
};
