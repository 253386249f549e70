import { z } from 'zod';
import { trackingNumberSchema } from './shipment/tracking-number';
import { noControlCharacters } from './text';

// The public tracking page's email alerts: shared by the island (in the browser) and the functions.

export const alertSubscribeSchema = z.object({
  tracking_number: trackingNumberSchema,
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: 'Please enter your email address' })
      .check(noControlCharacters())
      .min(1, 'Please enter your email address')
      .max(254, 'Must be at most 254 characters')
      .pipe(z.email({ error: 'Please enter a valid email address' })),
  ),
});
export type AlertSubscribeInput = z.infer<typeof alertSubscribeSchema>;

const DAMAGED_LINK = 'This link is incomplete or damaged. Please open it from the email again, or copy all of it.';

/** The token of a confirmation or unsubscribe link (43 URL-safe characters). */
export const mailTokenSchema = z
  .string({ error: DAMAGED_LINK })
  .check(noControlCharacters())
  .regex(/^[A-Za-z0-9_-]{32,64}$/, DAMAGED_LINK)
  .meta({ description: 'The token from the email link' });

/** What a link was about: a shipment's status emails, or a staff notice. */
export const subscriptionTopicSchema = z.object({
  kind: z.enum(['shipment', 'notice']),
  tracking_number: z.string().nullable(),
});
export type SubscriptionTopic = z.infer<typeof subscriptionTopicSchema>;

/** A confirmed opt-in, and whether this link had confirmed it before. */
export const alertConfirmationSchema = subscriptionTopicSchema.extend({ already_confirmed: z.boolean() });
export type AlertConfirmation = z.infer<typeof alertConfirmationSchema>;
