import { z } from 'zod';
import { INSTRUCTION_PLACES, REDELIVERY_DAYS } from '../delivery-request';
import { nullableDate } from './shipment/dates';
import { noControlCharacters } from './text';

// The recipient's requests on the public page, after the reveal: another delivery day, or instructions.

/** `POST /api/tracking/{n}/delivery-request`: a day among the next 5 business days, or instructions. */
export const deliveryRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('redelivery'),
      delivery_day: z
        .string({ error: 'Choose a day' })
        .check(noControlCharacters())
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day')
        .meta({
          description: `One of the next ${REDELIVERY_DAYS} business days (Monday to Friday, not a closed day), from tomorrow`,
        }),
    }),
    z.object({
      kind: z.literal('instructions'),
      place: z.enum(INSTRUCTION_PLACES, { error: 'Choose where to leave it' }),
      details: z
        .string({ error: 'Say where exactly' })
        .normalize('NFC')
        .trim()
        .check(noControlCharacters())
        .min(3, 'Say where exactly (at least 3 characters)')
        .max(300, 'At most 300 characters'),
    }),
  ],
  { error: 'Choose another day or leave instructions' },
);
export type DeliveryRequestInput = z.infer<typeof deliveryRequestSchema>;

/** The recipient's latest request, shown back to them (only after the reveal). */
export const deliveryRequestViewSchema = z.object({
  kind: z.enum(['redelivery', 'instructions']),
  delivery_day: nullableDate,
  instructions: z.string().nullable(),
  created_at: z.iso.datetime(),
  handled: z.boolean(),
});
