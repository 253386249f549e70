import { z } from 'zod';
import { nullableDate } from './shipment/dates';
import { noControlCharacters } from './text';

// The recipient's requests on the public page, after the reveal: another delivery day, or instructions.

/** Where the driver may leave the parcel when nobody answers. */
export const INSTRUCTION_PLACES = ['safe_place', 'neighbour'] as const;
export const INSTRUCTION_LABELS: Record<(typeof INSTRUCTION_PLACES)[number], string> = {
  safe_place: 'Leave it in a safe place',
  neighbour: 'Leave it with a neighbour',
};

/** How many business days ahead the recipient may choose, from tomorrow. */
export const REDELIVERY_DAYS = 5;

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
        .meta({ description: `One of the next ${REDELIVERY_DAYS} business days (Monday to Friday), from tomorrow` }),
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

/** The next business days after a date (YYYY-MM-DD), Monday to Friday, as calendar dates. */
export function nextBusinessDays(today: string, count = REDELIVERY_DAYS): string[] {
  const days: string[] = [];
  const cursor = new Date(`${today}T12:00:00Z`);
  while (days.length < count) {
    cursor.setUTCDate(cursor.getUTCDate() + 1);
    const weekday = cursor.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(cursor.toISOString().slice(0, 10));
  }
  return days;
}
