import { z } from 'zod';

// The Outbox page: what staff read of every email the product sends or would send.

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed', 'cancelled', 'logged'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  logged: 'Not sent (no mail server)',
};

export const OUTBOX_KINDS = [
  'shipment_created',
  'status_update',
  'new_customer',
  'daily_summary',
  'alert_confirmation',
  'sign_in_link',
  'staff_invitation',
  'password_reset',
  'quote_received',
  'new_quote_request',
  'quote_offer',
  'pickup_confirmed',
  'pickup_cancelled',
] as const;

export const OUTBOX_KIND_LABELS: Record<(typeof OUTBOX_KINDS)[number], string> = {
  shipment_created: 'Shipment created',
  status_update: 'Status update',
  new_customer: 'New customer',
  daily_summary: 'Daily summary',
  alert_confirmation: 'Alert confirmation',
  sign_in_link: 'Sign-in link',
  staff_invitation: 'Staff invitation',
  password_reset: 'Password reset',
  quote_received: 'Quote request received',
  new_quote_request: 'New quote request',
  quote_offer: 'Quote offer',
  pickup_confirmed: 'Pickup confirmed',
  pickup_cancelled: 'Pickup cancelled',
};

const OUTBOX_PAGE_MAX = 100;

export const outboxListQuerySchema = z.object({
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(OUTBOX_STATES, { error: `Must be one of ${OUTBOX_STATES.join(', ')}` }).optional(),
  ),
  cursor: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive().optional(),
  ),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(OUTBOX_PAGE_MAX, `Must be at most ${OUTBOX_PAGE_MAX}`)
      .default(50),
  ),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** One message as the Outbox page lists it. Subject and text are null until it is first picked up. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OUTBOX_KINDS),
  audience: z.enum(['customer', 'staff']),
  recipient: z.string(),
  tracking_number: z.string().nullable(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  next_attempt_at: z.iso.datetime(),
  last_error: z.string().nullable(),
  subject: z.string().nullable(),
  text_body: z.string().nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListMetaSchema = z.object({
  next_cursor: z.number().int().nullable(),
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    logged: z.number().int(),
  } satisfies Record<OutboxState, z.ZodType>),
  /** Whether a mail server is configured (SMTP_URL); without one, messages are kept here and not sent. */
  mail_server: z.boolean(),
});

export interface OutboxList {
  items: OutboxMessage[];
  meta: z.infer<typeof outboxListMetaSchema>;
}
