import { z } from 'zod';
import { DEPOT_CODES, depotOf } from '@/data/depots';
import { OUTBOX_KINDS } from '@/lib/schemas/outbox';
import type { CompanySettingsValue } from '@/lib/schemas/settings';
import { DELIVERY_REASONS, reasonLabel, SHIPMENT_STATUSES, statusLabel } from '@/lib/shipment-status';
import { ACCOUNT_KINDS, ACCOUNT_PAYLOADS, accountContent } from './account-emails';
import { asHtml, asText, type Content, type Fact, formatDay, formatMoment } from './email-layout';
import { isPickupKind, PICKUP_KINDS, PICKUP_PAYLOADS, pickupContent } from './pickup-emails';
import { isQuoteKind, QUOTE_PAYLOADS, QUOTE_REPLY_KINDS, quoteContent } from './quote-emails';

/**
 * The emails themselves: subject, text and HTML rendered from what the outbox row recorded when the
 * change happened, the company details of Settings > General, and the links of the site. Pure
 * functions: the outbox module decides when they run.
 */

/** Where and until when a parcel waiting at a depot can be collected, as a sentence (none otherwise). */
function collection(p: Payload<'status_update'>): string[] {
  const depot = DEPOT_CODES.find((code) => code === p.pickup_depot);
  if (p.status !== 'available_for_pickup' || !depot) return [];
  const { city, address } = depotOf(depot);
  const until = p.pickup_until ? ` until ${formatDay(p.pickup_until)}` : '';
  return [`Collect it at our ${city} depot (${address})${until}; bring ID.`];
}

/** The kinds the Outbox lists are the kinds there are: one list, in the outbox schema. */
export const EMAIL_KINDS = OUTBOX_KINDS;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type Audience = 'customer' | 'staff';

const status = z.enum(SHIPMENT_STATUSES);
const text = z.string().nullable().optional();

/** What each kind records about its event, as JSON in the outbox row. */
const PAYLOADS = {
  shipment_created: z.object({
    tracking_number: z.string(),
    status,
    origin: z.string(),
    destination: z.string(),
    estimated_delivery: text,
    sender_name: text,
    recipient_name: text,
    at: z.string(),
  }),
  status_update: z.object({
    tracking_number: z.string(),
    status,
    note: text,
    current_location: text,
    origin: z.string(),
    destination: z.string(),
    estimated_delivery: text,
    /** The newest entry's reason, and a parcel's depot and last day there (absent from rows queued before them). */
    reason: z.enum(DELIVERY_REASONS).nullable().optional(),
    pickup_depot: text,
    pickup_until: text,
    at: z.string(),
  }),
  new_customer: z.object({
    id: z.string(),
    name: z.string(),
    contact: text,
    email: text,
    phone: text,
    at: z.string(),
  }),
  daily_summary: z.object({
    date: z.string(),
    /** The company's time zone the day was counted in (absent from summaries queued in UTC days). */
    time_zone: z.string().default('UTC'),
    created: z.number(),
    delivered: z.number(),
    status_changes: z.number(),
    active: z.number(),
    on_hold: z.array(
      z.object({ tracking_number: z.string(), origin: z.string(), destination: z.string(), since: z.string() }),
    ),
    on_hold_total: z.number(),
  }),
  alert_confirmation: z.object({ tracking_number: z.string() }),
  ...ACCOUNT_PAYLOADS,
  ...QUOTE_PAYLOADS,
  ...PICKUP_PAYLOADS,
} satisfies Record<EmailKind, z.ZodType>;

export type Payload<K extends EmailKind> = z.infer<(typeof PAYLOADS)[K]>;

/**
 * Emails answering someone's own request (a staff member's account, a requester's quote): sent to their
 * address, with no subscription to end.
 */
export const ACCOUNT_EMAILS: ReadonlySet<EmailKind> = new Set<EmailKind>([
  ...ACCOUNT_KINDS,
  ...QUOTE_REPLY_KINDS,
  ...PICKUP_KINDS,
]);

/** The addresses an email links to. */
export interface Links {
  site: string;
  /** The subscription's token: confirms an opt-in, and unsubscribes. */
  token: string | null;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const trackingLink = (site: string, trackingNumber: string) =>
  `${site}/track?number=${encodeURIComponent(trackingNumber)}`;
const adminLink = (site: string, trackingNumber: string) =>
  `${site}/admin/view_shipment/${encodeURIComponent(trackingNumber)}`;
const confirmLink = (site: string, token: string) => `${site}/alerts/confirm?token=${token}`;
const unsubscribePage = (site: string, token: string) => `${site}/alerts/unsubscribe?token=${token}`;
/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here. */
const oneClickLink = (site: string, token: string) => `${site}/api/alerts/unsubscribe?token=${token}`;

function content(kind: EmailKind, audience: Audience, raw: unknown, site: string, token: string | null): Content {
  switch (kind) {
    case 'status_update': {
      const p = PAYLOADS.status_update.parse(raw);
      const label = statusLabel(p.status);
      return {
        subject:
          audience === 'staff'
            ? `Status update: ${p.tracking_number} is now ${label}`
            : `Your shipment ${p.tracking_number} is now ${label}`,
        heading: `Shipment ${p.tracking_number}: ${label}`,
        paragraphs: [
          `The status of shipment ${p.tracking_number} changed to ${label} on ${formatMoment(p.at)}.`,
          ...collection(p),
        ],
        facts: [
          ['Status', label],
          ['Reason', p.reason ? reasonLabel(p.reason) : null],
          ['Current location', p.current_location],
          ['Note', p.note],
          ['Route', `${p.origin} → ${p.destination}`],
          ['Estimated delivery', p.estimated_delivery ? formatDay(p.estimated_delivery) : null],
        ],
        action:
          audience === 'staff'
            ? { label: 'Open the shipment', href: adminLink(site, p.tracking_number) }
            : { label: 'Track your shipment', href: trackingLink(site, p.tracking_number) },
        reason:
          audience === 'staff'
            ? 'You receive this because shipment status emails are on in Settings > Notifications.'
            : `You receive this because this address gets the status emails of shipment ${p.tracking_number}.`,
      };
    }
    case 'shipment_created': {
      const p = PAYLOADS.shipment_created.parse(raw);
      // The names are for staff only: an opt-in reader knows nothing but the tracking number.
      const staffFacts: Fact[] =
        audience === 'staff'
          ? [
              ['Sender', p.sender_name],
              ['Recipient', p.recipient_name],
            ]
          : [];
      return {
        subject:
          audience === 'staff'
            ? `New shipment ${p.tracking_number}: ${p.origin} → ${p.destination}`
            : `Your shipment ${p.tracking_number} is on its way to being sent`,
        heading: `Shipment ${p.tracking_number} created`,
        paragraphs: [
          audience === 'staff'
            ? `A shipment was created on ${formatMoment(p.at)}.`
            : `A shipment to you was registered with us on ${formatMoment(p.at)}. You can follow it with its tracking number, ${p.tracking_number}.`,
        ],
        facts: [
          ['Tracking number', p.tracking_number],
          ['Status', statusLabel(p.status)],
          ['Route', `${p.origin} → ${p.destination}`],
          ['Estimated delivery', p.estimated_delivery ? formatDay(p.estimated_delivery) : null],
          ...staffFacts,
        ],
        action:
          audience === 'staff'
            ? { label: 'Open the shipment', href: adminLink(site, p.tracking_number) }
            : { label: 'Track your shipment', href: trackingLink(site, p.tracking_number) },
        reason:
          audience === 'staff'
            ? 'You receive this because new shipment emails are on in Settings > Notifications.'
            : `You receive this because this address is the recipient of shipment ${p.tracking_number}.`,
      };
    }
    case 'new_customer': {
      const p = PAYLOADS.new_customer.parse(raw);
      return {
        subject: `New customer: ${p.name} (${p.id})`,
        heading: `New customer ${p.id}`,
        paragraphs: [`A customer was added on ${formatMoment(p.at)}.`],
        facts: [
          ['Name', p.name],
          ['Contact', p.contact],
          ['Email', p.email],
          ['Phone', p.phone],
        ],
        action: { label: 'Open the back office', href: `${site}/admin` },
        reason: 'You receive this because new customer emails are on in Settings > Notifications.',
      };
    }
    case 'daily_summary': {
      const p = PAYLOADS.daily_summary.parse(raw);
      const more = p.on_hold_total - p.on_hold.length;
      return {
        subject: `Daily summary for ${formatDay(p.date)}`,
        heading: `Daily summary: ${formatDay(p.date)}`,
        paragraphs: [`Yesterday's figures (the day in ${p.time_zone}), and the shipments on hold now.`],
        facts: [
          ['Shipments created', String(p.created)],
          ['Shipments delivered', String(p.delivered)],
          ['Status updates', String(p.status_changes)],
          ['Active shipments now', String(p.active)],
          ['On hold now', String(p.on_hold_total)],
        ],
        list: {
          title: 'Exceptions: on hold',
          items: p.on_hold.map(
            (item) =>
              `${item.tracking_number}: ${item.origin} → ${item.destination}, on hold since ${formatMoment(item.since)}`,
          ),
          ...(more > 0 ? { more: `…and ${more} more.` } : {}),
        },
        action: { label: 'Open the dashboard', href: `${site}/admin` },
        reason: 'You receive this because the daily summary is on in Settings > Notifications.',
      };
    }
    case 'alert_confirmation': {
      const p = PAYLOADS.alert_confirmation.parse(raw);
      return {
        subject: `Confirm status emails for shipment ${p.tracking_number}`,
        heading: 'Please confirm your email alerts',
        paragraphs: [
          `Someone, hopefully you, asked on our tracking page for an email each time the status of shipment ${p.tracking_number} changes.`,
          'Confirm with the button below. If it was not you, ignore this email: nothing more will be sent.',
        ],
        facts: [],
        ...(token ? { action: { label: 'Confirm email alerts', href: confirmLink(site, token) } } : {}),
        reason: `You receive this because this address was entered for shipment ${p.tracking_number}.`,
      };
    }
    default:
      if (isPickupKind(kind)) return pickupContent(kind, raw, site);
      return isQuoteKind(kind) ? quoteContent(kind, raw, site) : accountContent(kind, raw, site);
  }
}

/** Renders an outbox message: both parts and the RFC 8058 one-click unsubscribe headers. */
export function renderEmail(
  kind: EmailKind,
  audience: Audience,
  payload: unknown,
  company: CompanySettingsValue,
  { site, token }: Links,
): RenderedEmail {
  const body = content(kind, audience, payload, site, token);
  const unsubscribe = token ? unsubscribePage(site, token) : null;
  return {
    subject: body.subject,
    text: asText(body, company, unsubscribe),
    html: asHtml(body, company, unsubscribe),
    headers: {
      'Auto-Submitted': 'auto-generated',
      ...(token
        ? {
            'List-Unsubscribe': `<${oneClickLink(site, token)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {}),
    },
  };
}
