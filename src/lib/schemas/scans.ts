import { z } from 'zod';
import { DELIVERY_REASONS, SHIPMENT_STATUSES, STATUSES_WITH_REASON } from '@/lib/shipment-status';
import { blankToUndefined, optionalText } from './fields';
import { reasonIssue } from './shipment/reason';
import { shipmentStatusSchema } from './shipment/status';
import { scanCodeSchema } from './shipment/tracking-number';
import { noControlCharacters, text } from './text';

// `POST /api/scans`: a scanner or GPS unit posts its events, in the order they happened.

export const SCANS_MAX = 500;
/** A device clock may run this far ahead before its scans are refused as "in the future". */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;

const scanEventSchema = z
  .object({
    event_id: text(100, { error: (issue) => (issue.input === undefined ? 'Event id is required' : 'Must be text') })
      .min(1, 'Event id is required')
      .meta({ description: "The device's own id for the event (a UUID, say): a repeated id is not applied again." }),
    tracking_number: scanCodeSchema.meta({
      description:
        "The tracking number (the whole shipment), or a piece's barcode (NEC123456789-2). Delivered on a piece delivers that piece; the shipment becomes delivered with its last piece. Delivered on the tracking number delivers every piece.",
    }),
    status: z.preprocess(blankToUndefined, shipmentStatusSchema.optional()).meta({
      description: `The new status: ${SHIPMENT_STATUSES.join(', ')} (or its label, any case).`,
    }),
    reason: z
      .preprocess(
        blankToUndefined,
        z.enum(DELIVERY_REASONS, { error: `Must be one of ${DELIVERY_REASONS.join(', ')}` }).optional(),
      )
      .meta({ description: `Why: required with ${STATUSES_WITH_REASON.join(' and ')}, and only with them.` }),
    location: optionalText(200).meta({ description: 'Where the scan happened: "City, Country" or a country.' }),
    note: optionalText(2000, { multiline: true }),
    scanned_at: z
      .string({ error: (issue) => (issue.input === undefined ? 'Scan time is required' : 'Must be text') })
      .check(noControlCharacters())
      .pipe(
        z.iso.datetime({
          offset: true,
          error: 'Must be an ISO 8601 date and time with a zone, e.g. 2026-11-22T09:30:00Z',
        }),
      )
      .transform((value) => new Date(value).toISOString())
      .meta({ description: 'When the scan happened (ISO 8601 with a zone); stored in UTC.' }),
  })
  .refine((event) => event.status !== undefined || Boolean(event.location) || Boolean(event.note), {
    message: 'A scan needs a status, a location or a note',
    path: ['status'],
  })
  .superRefine((event, context) => {
    const issue = reasonIssue(event.status, event.reason, event.note);
    if (issue) context.addIssue({ code: 'custom', ...issue });
  })
  .transform(({ tracking_number: code, ...event }) => ({ ...event, ...code }));
export type ScanEvent = z.infer<typeof scanEventSchema>;

/** A batch's events each carry their own id: a repeat within one batch is refused where it stands. */
export function uniqueEventIds({ events }: { events: Array<{ event_id: string }> }, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  events.forEach((event, index) => {
    if (seen.has(event.event_id)) {
      context.addIssue({ code: 'custom', message: 'Repeats an earlier event id', path: ['events', index, 'event_id'] });
    }
    seen.add(event.event_id);
  });
}

export const scansBodySchema = z
  .object({
    events: z
      .array(scanEventSchema, { error: 'Must be a list of scan events' })
      .min(1, 'At least one event is required')
      .max(SCANS_MAX, `At most ${SCANS_MAX} events per request`),
  })
  .superRefine(uniqueEventIds);

const SCAN_RESULTS = ['applied', 'history_only', 'duplicate', 'not_found', 'rejected'] as const;

/** What happened to each event, in the order posted. */
export const scanResultSchema = z.object({
  event_id: z.string(),
  tracking_number: z.string(),
  piece: z.number().int().nullable().meta({ description: 'The piece the scan named (null: the whole shipment).' }),
  result: z.enum(SCAN_RESULTS).meta({
    description:
      'applied: the shipment now shows it; history_only: older than the latest entry, so added to the history without changing the current status or location; duplicate: this event id was applied before (nothing changed); not_found: no shipment has this number (not recorded: post it again once it exists); rejected: see message (not recorded).',
  }),
  message: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;
