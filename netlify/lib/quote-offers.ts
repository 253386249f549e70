import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import { addDays, dateIn, dayStart } from '@/lib/company-day';
import { formatMoney, SITE_CURRENCY } from '@/lib/money';
import type { QuoteRecord } from '@/lib/schemas/quote';
import { OFFER_MAX_DAYS, type PublicOffer, type QuoteOfferInput } from '@/lib/schemas/quote-offer';
import { type StaffUser, subjectActivity } from './activity';
import { HttpError, invalidInput } from './http';
import { quoteOfferMail } from './outbox-quotes';
import { foundQuote, offerSentStatement, quoteById, quoteReads } from './quotes';
import { decodeFirst } from './rows';
import { settingsFrom, settingsRead } from './settings';
import { hashToken, newToken } from './tokens';

/**
 * Quote offers, the one writer of `quote_offers`: staff's price for a quote request, emailed with a link
 * whose 256-bit token is kept only as its hash. An offer holds to the end of its last day in the company's
 * time zone; a newer offer replaces it; accepting it (quote-bookings.ts) books the shipment, once.
 */

const iso = (time: number) => new Date(time).toISOString();
const REQUEST_WON = 'This quote request is won already: its shipment is booked, so it takes no new price.';

/** What sending an offer reads with the session check: the request, and the company's time zone. */
export const offerReads = (id: number): InStatement[] => [...quoteReads(id), settingsRead('company')];

/** The offer's last day as the company counts days: today to OFFER_MAX_DAYS ahead (422 naming `valid_until`). */
function checkedDay(validUntil: string, zone: string, now: number): string {
  const today = dateIn(zone, now);
  if (validUntil < today) throw invalidInput({ valid_until: [`Must be today (${today}) or later`] });
  const last = addDays(today, OFFER_MAX_DAYS);
  if (validUntil > last) {
    throw invalidInput({ valid_until: [`Must be at most ${OFFER_MAX_DAYS} days ahead (${last} at the latest)`] });
  }
  return validUntil;
}

/** A request takes a new offer unless it is won or one of its offers was accepted (SQL over `q`). */
const TAKES_OFFERS = `q.status <> 'won' AND NOT EXISTS (
  SELECT 1 FROM quote_offers a WHERE a.quote_request_id = q.id AND a.state = 'accepted')`;

/**
 * Sends an offer for the request `offerReads` found (404 when none): the open offer replaced, the new one,
 * its activity entry, the request contacted and the email with the link, in one transaction. 409 for a
 * request that is won; 422 naming `valid_until` for a day out of range.
 */
export async function sendOffer(
  db: Client,
  [found, companyRead]: ResultSet[],
  input: QuoteOfferInput,
  actor: StaffUser,
  now = Date.now(),
): Promise<QuoteRecord> {
  const quote = foundQuote(found);
  if (!companyRead) throw new Error('Sending an offer needs the answer of its company read');
  const zone = settingsFrom('company', companyRead).data.time_zone;
  const validUntil = checkedDay(input.valid_until, zone, now);
  if (quote.status === 'won') throw new HttpError(409, REQUEST_WON);
  const token = newToken();
  const tokenHash = hashToken(token);
  const time = iso(now);
  const cents = Math.round(input.amount * 100);
  const results = await db.batch(
    [
      {
        sql: `UPDATE quote_offers SET state = 'replaced', ended_at = ?
              WHERE quote_request_id = ? AND state = 'open'
                AND EXISTS (SELECT 1 FROM quote_requests q WHERE q.id = ? AND ${TAKES_OFFERS})`,
        args: [time, quote.id, quote.id],
      },
      {
        sql: `INSERT INTO quote_offers (quote_request_id, amount_cents, currency, valid_until, expires_at, message,
                origin, destination, token_hash, sent_by, sent_by_email, created_at)
              SELECT q.id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM quote_requests q WHERE q.id = ? AND ${TAKES_OFFERS}`,
        args: [
          cents,
          SITE_CURRENCY,
          validUntil,
          dayStart(zone, addDays(validUntil, 1)),
          input.message ?? null,
          input.origin,
          input.destination,
          tokenHash,
          actor.id,
          actor.email,
          time,
          quote.id,
        ],
      },
      subjectActivity(
        actor,
        'quote_offer_sent',
        { type: 'quote_request', id: String(quote.id) },
        `${quote.name} (#${quote.id}): ${formatMoney(cents, SITE_CURRENCY)}, valid until ${validUntil}`,
        time,
        { onlyIfChanged: true },
      ),
      offerSentStatement(quote.id, time, tokenHash),
      quoteOfferMail(tokenHash, token, time),
      quoteById(quote.id),
    ],
    'write',
  );
  if (!results[1]?.rowsAffected) throw new HttpError(409, REQUEST_WON);
  return foundQuote(results[5]);
}

// ---- The link's page.

const offerRow = z.object({
  quote_request_id: z.number().int(),
  state: z.enum(['open', 'replaced', 'accepted']),
  expires_at: z.string(),
  valid_until: z.string(),
  tracking_number: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  origin: z.string(),
  destination: z.string(),
  weight_kg: z.number().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  message: z.string().nullable(),
});
export type OfferRow = z.infer<typeof offerRow>;

/** The read of the offer of a link's token with its request, to share a round trip (`offerFrom` decodes it). */
export const offerRead = (token: string): InStatement => ({
  sql: `SELECT o.quote_request_id, o.state, o.expires_at, o.valid_until, o.tracking_number, q.name, q.email,
               q.phone, q.service, o.origin, o.destination, q.weight_kg, o.amount_cents, o.currency, o.message
        FROM quote_offers o JOIN quote_requests q ON q.id = o.quote_request_id WHERE o.token_hash = ?`,
  args: [hashToken(token)],
});

/** The offer an `offerRead` found, or null for a token we did not send. */
export const offerFrom = (found: ResultSet | undefined): OfferRow | null => decodeFirst(offerRow, found?.rows ?? []);

/** The offer of a link's token with its request, or null for a token we did not send. */
export async function offerByToken(db: Client, token: string): Promise<OfferRow | null> {
  return offerFrom(await db.execute(offerRead(token)));
}

const NOT_VALID =
  'We did not send this link: it may have been mistyped or cut short. Please open the link from our latest email.';

/** Why a link's offer cannot be accepted now, in words for its page (404 or 410); null when it can. */
export function offerRefusal(offer: OfferRow | null, now: number): HttpError | null {
  if (!offer) return new HttpError(404, NOT_VALID);
  if (offer.state === 'accepted') {
    return new HttpError(
      410,
      `This quote was accepted already: your shipment is booked with tracking number ${offer.tracking_number}.`,
    );
  }
  if (offer.state === 'replaced') {
    return new HttpError(410, 'This quote was replaced by a newer one: please open the link in our latest email.');
  }
  if (Date.parse(offer.expires_at) <= now) {
    return new HttpError(410, `This quote expired after ${offer.valid_until}: please ask us for a new one.`);
  }
  return null;
}

/** What a link offers, for its page; 404 or 410 with words when it cannot be accepted. */
export async function readOffer(db: Client, token: string, now = Date.now()): Promise<PublicOffer> {
  const offer = await offerByToken(db, token);
  const refused = offerRefusal(offer, now);
  if (refused || !offer) throw refused ?? new HttpError(404, NOT_VALID);
  const { name, service, origin, destination, weight_kg, amount_cents, currency, valid_until, message } = offer;
  return {
    name,
    service,
    origin,
    destination,
    weight_kg,
    amount_cents,
    currency,
    valid_until,
    expires_at: offer.expires_at,
    message,
  };
}
