import { z } from 'zod';
import { DELIVERY_REASONS, type ShipmentStatus } from '@/lib/shipment-status';
import { blankToUndefined, optionalText } from './fields';
import { runStopSchema } from './run';
import { uniqueEventIds } from './scans';
import { reasonIssue } from './shipment/reason';
import { scanCodeSchema } from './shipment/tracking-number';
import { noControlCharacters, text } from './text';

// The driver's screen: today's stops, and what the driver records at each (sent from the device's queue).

/**
 * What a driver records at a stop, and the status each sets. A whole stop is delivered with its proof
 * (elsewhere); a piece of a stop of several is delivered on its own, and the stop with its last piece.
 */
const DRIVER_ACTIONS = ['picked_up', 'out_for_delivery', 'failed_attempt', 'piece_delivered'] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

export const ACTION_STATUS: Record<DriverAction, ShipmentStatus> = {
  picked_up: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  failed_attempt: 'delivery_failed',
  piece_delivered: 'delivered',
};

/** A queue sends what piled up offline in pieces of this size. */
export const DRIVER_EVENTS_MAX = 50;

const driverEventSchema = z
  .object({
    event_id: text(100, { error: (issue) => (issue.input === undefined ? 'Event id is required' : 'Must be text') })
      .min(1, 'Event id is required')
      .meta({ description: "The device's own id for the action (a UUID): a repeated id is not recorded again." }),
    tracking_number: scanCodeSchema.meta({
      description: "The stop's tracking number, or a piece's barcode (NEC123456789-2).",
    }),
    action: z.enum(DRIVER_ACTIONS, { error: `Must be one of ${DRIVER_ACTIONS.join(', ')}` }),
    reason: z
      .preprocess(
        blankToUndefined,
        z.enum(DELIVERY_REASONS, { error: `Must be one of ${DELIVERY_REASONS.join(', ')}` }).optional(),
      )
      .meta({ description: 'Why the attempt failed: required with failed_attempt, and only with it.' }),
    note: optionalText(500, { multiline: true }),
    recorded_at: z
      .string({ error: (issue) => (issue.input === undefined ? 'Time is required' : 'Must be text') })
      .check(noControlCharacters())
      .pipe(z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time with a zone' }))
      .transform((value) => new Date(value).toISOString())
      .meta({ description: 'When the driver recorded it on the device (ISO 8601 with a zone).' }),
  })
  .superRefine((event, context) => {
    const issue = reasonIssue(ACTION_STATUS[event.action], event.reason, event.note);
    if (issue) context.addIssue({ code: 'custom', ...issue });
    if (event.action === 'piece_delivered' && event.tracking_number.piece === null) {
      context.addIssue({
        code: 'custom',
        path: ['tracking_number'],
        message:
          "Name the piece (its barcode, NEC123456789-2): a whole stop is delivered with the recipient's signature",
      });
    }
  })
  .transform(({ tracking_number: code, ...event }) => ({ ...event, ...code }));
export type DriverEvent = z.infer<typeof driverEventSchema>;

export const driverEventsBodySchema = z
  .object({
    events: z
      .array(driverEventSchema, { error: 'Must be a list of actions' })
      .min(1, 'At least one action is required')
      .max(DRIVER_EVENTS_MAX, `At most ${DRIVER_EVENTS_MAX} actions per request`),
  })
  .superRefine(uniqueEventIds);

/** The driver's run for a date: its stops as the Runs screen shows them, in the driver's order. */
export const driverStopsSchema = z.object({
  /** The company's date the run is for. */
  date: z.string(),
  stops: z.array(runStopSchema),
});
export type DriverStops = z.infer<typeof driverStopsSchema>;
