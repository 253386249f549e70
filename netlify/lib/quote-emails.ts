import { z } from 'zod';
import { formatMoney } from '@/lib/money';
import { quoteRecordSchema } from '@/lib/schemas/quote';
import { formatWeight } from '@/lib/weight';
import { type Content, type Fact, formatDay, formatMoment } from './email-layout';

/**
 * The emails of a quote request: the requester's acknowledgement, staff's "new quote request" notice
 * and the offer with its accept link. The offer's token rides in the fragment of its link, which
 * browsers send to no server, log or Referer.
 */

const QUOTE_KINDS = ['quote_received', 'new_quote_request', 'quote_offer'] as const;
type QuoteKind = (typeof QUOTE_KINDS)[number];

/** The emails that answer the requester's own request: no subscription to end. */
export const QUOTE_REPLY_KINDS = ['quote_received', 'quote_offer'] as const;

/** The request as its emails record it: the stored request's fields, and when it came. */
const request = quoteRecordSchema
  .pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    service: true,
    origin: true,
    destination: true,
    weight_kg: true,
  })
  .extend({ at: z.string() });

/** What each kind records, as JSON in the outbox row. */
export const QUOTE_PAYLOADS = {
  quote_received: request,
  new_quote_request: request,
  quote_offer: z.object({
    token: z.string(),
    name: z.string(),
    service: z.string(),
    origin: z.string(),
    destination: z.string(),
    weight_kg: z.number().nullable(),
    amount_cents: z.number(),
    currency: z.string(),
    valid_until: z.string(),
    message: z.string().nullable(),
  }),
} satisfies Record<QuoteKind, z.ZodType>;

export const isQuoteKind = (kind: string): kind is QuoteKind => (QUOTE_KINDS as readonly string[]).includes(kind);

const acceptLink = (site: string, token: string) => `${site}/quote-accept#${token}`;

const requestFacts = (p: z.infer<typeof request>): Fact[] => [
  ['Service', p.service],
  ['From', p.origin],
  ['To', p.destination],
  ['Weight', p.weight_kg === null ? null : formatWeight(p.weight_kg)],
];

export function quoteContent(kind: QuoteKind, raw: unknown, site: string): Content {
  switch (kind) {
    case 'quote_received': {
      const p = QUOTE_PAYLOADS.quote_received.parse(raw);
      return {
        subject: 'We received your quote request',
        heading: `Thank you, ${p.name}`,
        paragraphs: [
          `We received your request for a quote on ${formatMoment(p.at)}. We will reply with a price within one business day.`,
        ],
        facts: requestFacts(p),
        reason: 'You receive this because this address was entered on the quote form of our website.',
      };
    }
    case 'new_quote_request': {
      const p = QUOTE_PAYLOADS.new_quote_request.parse(raw);
      return {
        subject: `New quote request from ${p.name}: ${p.service}`,
        heading: `New quote request #${p.id}`,
        paragraphs: [`${p.name} asked for a quote on ${formatMoment(p.at)}.`],
        facts: [['Name', p.name], ['Email', p.email], ['Phone', p.phone || null], ...requestFacts(p)],
        action: { label: 'Open the quote requests', href: `${site}/admin/quotes` },
        reason: 'You receive this because new quote request emails are on in Settings > Notifications.',
      };
    }
    case 'quote_offer': {
      const p = QUOTE_PAYLOADS.quote_offer.parse(raw);
      const price = formatMoney(p.amount_cents, p.currency);
      return {
        subject: `Your quote: ${price} for ${p.origin} → ${p.destination}`,
        heading: `Your quote, ${p.name}`,
        paragraphs: [
          `Here is our price for your ${p.service.toLowerCase()} request. It holds until the end of ${formatDay(p.valid_until)}.`,
          ...(p.message ? [p.message] : []),
          'To book, open the link and press Accept: we then register your shipment and give you its tracking number. The link works once; a newer quote replaces it.',
        ],
        facts: [
          ['Price', price],
          ['Valid until', formatDay(p.valid_until)],
          ['Service', p.service],
          ['Route', `${p.origin} → ${p.destination}`],
          ['Weight', p.weight_kg === null ? null : formatWeight(p.weight_kg)],
        ],
        action: { label: 'Review and accept the quote', href: acceptLink(site, p.token) },
        reason: 'You receive this because you asked us for a quote on our website.',
      };
    }
  }
}
