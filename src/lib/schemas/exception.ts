import { z } from 'zod';
import { DELIVERY_REASONS, SHIPMENT_STATUSES } from '@/lib/shipment-status';
import { blankToUndefined, countQuery, optionalText } from './fields';
import { nullableDate, optionalDate } from './shipment/dates';
import { depotField } from './shipment/status-update';
import { noControlCharacters } from './text';

// The exceptions queue: the shipments that need someone, why each is listed, and what staff did about it.

/** Why a shipment is in the queue, in the order the queue and the dashboard show them. */
export const EXCEPTION_KINDS = ['failed', 'exception', 'on_hold', 'late', 'silent', 'request'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  failed: 'Delivery attempt failed',
  exception: 'Exception',
  on_hold: 'On hold for more than 2 days',
  late: 'Past the promised date',
  silent: 'No scan for 48 hours',
  request: "Recipient's request",
};

/** What staff can do about a listed shipment. */
export const EXCEPTION_ACTIONS = ['reattempt', 'hold_at_depot', 'return_to_sender', 'call_noted'] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];

export const EXCEPTION_ACTION_LABELS: Record<ExceptionAction, string> = {
  reattempt: 'Another attempt scheduled',
  hold_at_depot: 'Held at depot',
  return_to_sender: 'Returned to sender',
  call_noted: 'Call with the recipient',
};

/** `GET /api/exceptions`: one kind or all, and the page (20 rows a page by default). */
export const exceptionListQuerySchema = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(EXCEPTION_KINDS, { error: 'Unknown kind' }).optional()),
  page: countQuery(1, 10_000),
  limit: countQuery(20, 100),
});

const handledSchema = z.object({
  action: z.enum(EXCEPTION_ACTIONS),
  by: z.string(),
  at: z.iso.datetime(),
  note: z.string().nullable(),
});

const requestSchema = z.object({
  kind: z.enum(['redelivery', 'instructions']),
  delivery_day: nullableDate,
  instructions: z.string().nullable(),
  created_at: z.iso.datetime(),
});

/** One row of the queue: a shipment, every reason it is listed, the oldest since when, and the last handling. */
export const exceptionRowSchema = z.object({
  tracking_number: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  kinds: z.array(z.enum(EXCEPTION_KINDS)),
  since: z.iso.datetime(),
  reason: z.enum(DELIVERY_REASONS).nullable(),
  reason_note: z.string().nullable(),
  recipient_name: z.string(),
  destination: z.string(),
  estimated_delivery: nullableDate,
  next_attempt_on: nullableDate,
  handled: handledSchema.nullable(),
  open_request: requestSchema.nullable(),
});
export type ExceptionRow = z.infer<typeof exceptionRowSchema>;

/** How many shipments each kind lists (a shipment can be in several). */
export const exceptionCountsSchema = z.object(
  Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, z.number().int()])) as Record<ExceptionKind, z.ZodNumber>,
);
export type ExceptionCounts = z.infer<typeof exceptionCountsSchema>;

export const exceptionListMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: exceptionCountsSchema,
});

/**
 * `POST /api/exceptions/{tracking_number}/actions`: one action, under the browser's id for the click
 * (`action_id`), so a repeat is recorded once. A re-attempt needs its day, holding at a depot the depot
 * and the last day, a call its note.
 */
export const exceptionActionSchema = z
  .object({
    action_id: z
      .string({ error: 'Action id is required' })
      .check(noControlCharacters())
      .regex(/^[A-Za-z0-9-]{8,64}$/, 'Must be 8 to 64 letters, digits or hyphens'),
    action: z.enum(EXCEPTION_ACTIONS, { error: 'Choose an action' }),
    attempt_on: optionalDate,
    pickup_depot: depotField,
    pickup_until: optionalDate,
    note: optionalText(2000, { multiline: true }),
  })
  .superRefine((input, context) => {
    const need = (field: 'attempt_on' | 'pickup_depot' | 'pickup_until' | 'note', message: string) => {
      if (!input[field]) context.addIssue({ code: 'custom', path: [field], message });
    };
    if (input.action === 'reattempt') need('attempt_on', 'Choose the day of the next attempt');
    if (input.action === 'hold_at_depot') {
      need('pickup_depot', 'Choose the depot');
      need('pickup_until', 'Enter the last day it is kept');
    }
    if (input.action === 'call_noted') need('note', 'Say what was agreed on the call');
  });
export type ExceptionActionInput = z.infer<typeof exceptionActionSchema>;

/** What an action recorded (the first time, for a repeat). */
export const exceptionActionResultSchema = handledSchema.extend({ tracking_number: z.string() });
