import { z } from 'zod';
import { PICKUP_NOTICE_HOURS, PICKUP_WINDOW_LABELS, PICKUP_WINDOWS } from '@/lib/pickup-hours';
import { formatWeight } from '@/lib/weight';
import { type Content, type Fact, formatDay } from './email-layout';

/**
 * The emails of a pickup, to the person who booked it: the confirmation (again after a move) with the
 * link to move or cancel it, and the cancellation. The link's token rides in the fragment, which
 * browsers send to no server, log or Referer.
 */

export const PICKUP_KINDS = ['pickup_confirmed', 'pickup_cancelled'] as const;
type PickupKind = (typeof PICKUP_KINDS)[number];

const pickup = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  pickup_date: z.string(),
  pickup_window: z.enum(PICKUP_WINDOWS),
  pieces: z.number(),
  weight_kg: z.number(),
});

/** What each kind records, as JSON in the outbox row. */
export const PICKUP_PAYLOADS = {
  pickup_confirmed: pickup.extend({ token: z.string(), moved: z.boolean() }),
  pickup_cancelled: pickup,
} satisfies Record<PickupKind, z.ZodType>;

export const isPickupKind = (kind: string): kind is PickupKind => (PICKUP_KINDS as readonly string[]).includes(kind);

const manageLink = (site: string, token: string) => `${site}/pickup-manage#${token}`;

const facts = (p: z.infer<typeof pickup>): Fact[] => [
  ['Day', formatDay(p.pickup_date)],
  ['Time window', `${PICKUP_WINDOW_LABELS[p.pickup_window]} (local time)`],
  ['Address', `${p.address}, ${p.city}`],
  ['Pieces', String(p.pieces)],
  ['Total weight', formatWeight(p.weight_kg)],
];

export function pickupContent(kind: PickupKind, raw: unknown, site: string): Content {
  if (kind === 'pickup_cancelled') {
    const p = PICKUP_PAYLOADS.pickup_cancelled.parse(raw);
    return {
      subject: `Pickup cancelled: ${formatDay(p.pickup_date)}`,
      heading: `Your pickup is cancelled, ${p.name}`,
      paragraphs: ['As you asked, no driver will come for this pickup. Book a new one on our website at any time.'],
      facts: facts(p),
      action: { label: 'Schedule a pickup', href: `${site}/pickup` },
      reason: 'You receive this because you cancelled a pickup booked on our website.',
    };
  }
  const p = PICKUP_PAYLOADS.pickup_confirmed.parse(raw);
  return {
    subject: `${p.moved ? 'Pickup moved' : 'Pickup booked'}: ${formatDay(p.pickup_date)}, ${PICKUP_WINDOW_LABELS[p.pickup_window]}`,
    heading: `${p.moved ? 'Your pickup is moved' : 'Your pickup is booked'}, ${p.name}`,
    paragraphs: [
      'A driver will collect your parcels in the time window below. Please have them packed and labelled.',
      `To move it to another day or window, or to cancel it, open the link below: it works until ${PICKUP_NOTICE_HOURS} hours before the window starts. After that, please call us.`,
    ],
    facts: facts(p),
    action: { label: 'Move or cancel the pickup', href: manageLink(site, p.token) },
    reason: 'You receive this because this address was entered on the pickup form of our website.',
  };
}
