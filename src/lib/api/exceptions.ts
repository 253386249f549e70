import { z } from 'zod';
import { OFFICE, READERS } from '../roles';
import {
  exceptionActionResultSchema,
  exceptionActionSchema,
  exceptionListMetaSchema,
  exceptionListQuerySchema,
  exceptionRowSchema,
} from '../schemas/exception';
import { defineEndpoint, trackingNumberParam } from './contract';
import { SHIPMENT_NOT_FOUND } from './shipments';

/**
 * The exceptions queue: the shipments that need someone (failed attempts, exceptions, long holds, missed
 * promises, silence, the recipients' requests), and what staff do about each. Viewers read it; admins
 * and dispatchers act.
 */
export const exceptionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/exceptions',
    summary:
      "One page of the exceptions queue, the longest waiting first: shipments whose status is a failed attempt (with no attempt scheduled from today on) or an exception, on hold for more than 2 days, past the promised date and not delivered or returned, with no history entry for 48 hours, or with a recipient's request not yet handled. Each row says every kind it is listed for, since when, the reason, the last action and the open request; `kind` shows one kind; meta counts every kind.",
    access: 'session',
    roles: READERS,
    query: exceptionListQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(exceptionRowSchema),
      meta: exceptionListMetaSchema,
    }),
  }),
  act: defineEndpoint({
    method: 'POST',
    path: '/api/exceptions/:trackingNumber/actions',
    summary:
      "Act on a listed shipment: `reattempt` (attempt_on: the day; the public page says it), `hold_at_depot` (pickup_depot, pickup_until: available for pickup there), `return_to_sender`, or `call_noted` (note). Recorded with who and when, audited, and the recipient's open requests are marked handled. `action_id` is the client's id for the click: the same id again answers the first recording and changes nothing. 409 for a delivered or returned shipment.",
    access: 'session',
    roles: OFFICE,
    params: z.object({ trackingNumber: trackingNumberParam(SHIPMENT_NOT_FOUND) }),
    body: exceptionActionSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: exceptionActionResultSchema }),
    errors: [404, 409],
  }),
};
