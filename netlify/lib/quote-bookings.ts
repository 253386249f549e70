import type { Client, InStatement, ResultSet } from '@libsql/client';
import { dateIn } from '@/lib/company-day';
import { formatMoney } from '@/lib/money';
import { generateTrackingNumber } from '@/lib/tracking-number';
import { requesterActivity } from './activity';
import { requesterCustomerStatement } from './customer-requesters';
import { HttpError } from './http';
import type { Filter } from './keyset';
import { customerCreatedMail, shipmentCreatedMail } from './outbox';
import { type OfferRow, offerByToken, offerFrom, offerRead, offerRefusal } from './quote-offers';
import { quoteWonStatement } from './quotes';
import { settingsFrom, settingsRead } from './settings';
import { historyEntryStatement, insertShipmentStatement } from './shipment-statements';
import { hashToken } from './tokens';

/**
 * Accepting a quote offer from its emailed link: one transaction makes the requester a customer (or links
 * the one with their email), books the shipment prefilled from the request, and marks the request won.
 */

/**
 * Who receives the shipment is not known when a quote is accepted: the waybill and the driver's screen
 * show this until staff enter the consignee, and the destination stands in for the address.
 */
export const RECIPIENT_TO_CONFIRM = 'To be confirmed';

const GENERATE_ATTEMPTS = 8;
const isUniqueTrackingNumber = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: (shipments|quote_offers)\.tracking_number/.test(
    `${error.message} ${String(error.cause ?? '')}`,
  );

/** What accepting reads first, in one round trip: the link's offer and the company's settings (its time zone). */
export const acceptReads = (token: string): InStatement[] => [offerRead(token), settingsRead('company')];

/**
 * Accepts the offer `acceptReads` found: 404 or 410 with words when it cannot be. Of parallel acceptances
 * one wins: the offer's conditional UPDATE takes it with the tracking number it books, and every other
 * statement of the batch writes only when that UPDATE did.
 */
export async function acceptOffer(
  db: Client,
  [found, companyRead]: ResultSet[],
  token: string,
  now = Date.now(),
): Promise<{ tracking_number: string }> {
  const offer = offerFrom(found);
  const refused = offerRefusal(offer, now);
  if (refused || !offer) throw refused ?? new Error('offerRefusal answers every missing offer');
  if (!companyRead) throw new Error('Accepting an offer needs the answer of its company read');
  const zone = settingsFrom('company', companyRead).data.time_zone;
  for (let attempt = 1; ; attempt++) {
    try {
      const booked = await book(db, token, offer, dateIn(zone, now), new Date(now).toISOString());
      if (booked) return { tracking_number: booked };
      throw offerRefusal(await offerByToken(db, token), now) ?? new HttpError(410, 'This quote cannot be accepted.');
    } catch (error) {
      if (!isUniqueTrackingNumber(error) || attempt >= GENERATE_ATTEMPTS) throw error;
    }
  }
}

/** The booking's batch; the tracking number when this acceptance won, else null. */
async function book(db: Client, token: string, offer: OfferRow, today: string, time: string): Promise<string | null> {
  const tokenHash = hashToken(token);
  const trackingNumber = generateTrackingNumber();
  const quoteId = offer.quote_request_id;
  // This acceptance won: the offer carries the tracking number it drew.
  const won: Filter = {
    sql: 'EXISTS (SELECT 1 FROM quote_offers WHERE token_hash = ? AND tracking_number = ?)',
    args: [tokenHash, trackingNumber],
  };
  const customerOfQuote = { sql: 'SELECT customer_id FROM quote_requests WHERE id = ?', args: [quoteId] };
  const newCustomer: Filter = {
    sql: `${won.sql} AND (SELECT created_at FROM customers WHERE id = (${customerOfQuote.sql})) = ?`,
    args: [...won.args, ...customerOfQuote.args, time],
  };
  const price = formatMoney(offer.amount_cents, offer.currency);
  const results = await db.batch(
    [
      {
        sql: `UPDATE quote_offers SET state = 'accepted', ended_at = ?, tracking_number = ?,
                accepted_by_email = (SELECT email FROM quote_requests WHERE id = quote_offers.quote_request_id)
              WHERE token_hash = ? AND state = 'open' AND expires_at > ?`,
        args: [time, trackingNumber, tokenHash, time],
      },
      requesterCustomerStatement(quoteId, time, won),
      quoteWonStatement(quoteId, time, won),
      requesterActivity(
        offer.email,
        'customer_created',
        { type: 'customer', idSql: customerOfQuote.sql, args: customerOfQuote.args },
        `Created ${offer.name} on accepting quote request #${quoteId}`,
        time,
        newCustomer,
      ),
      ...customerCreatedMail({ idSql: customerOfQuote.sql, args: customerOfQuote.args }, time),
      insertShipmentStatement(
        {
          tracking_number: trackingNumber,
          order_date: today,
          status: 'preparing',
          sender_name: offer.name,
          sender_email: offer.email,
          sender_phone: offer.phone || null,
          recipient_name: RECIPIENT_TO_CONFIRM,
          recipient_address: offer.destination,
          weight: offer.weight_kg,
          origin: offer.origin,
          destination: offer.destination,
          current_location: offer.origin,
          created_at: time,
          updated_at: time,
        },
        won,
      ),
      {
        sql: `UPDATE shipments SET customer_id = (${customerOfQuote.sql}) WHERE tracking_number = ?`,
        args: [...customerOfQuote.args, trackingNumber],
      },
      historyEntryStatement(trackingNumber, { notes: null, place: offer.origin, created_at: time }),
      requesterActivity(
        offer.email,
        'shipment_created',
        { trackingNumber },
        `Shipment booked by accepting quote request #${quoteId} (${price})`,
        time,
        won,
      ),
      requesterActivity(
        offer.email,
        'quote_accepted',
        { type: 'quote_request', idSql: '?', args: [String(quoteId)] },
        `${offer.name} (#${quoteId}) accepted ${price}: shipment ${trackingNumber}`,
        time,
        won,
      ),
      ...shipmentCreatedMail(trackingNumber, time),
    ],
    'write',
  );
  return results[0]?.rowsAffected ? trackingNumber : null;
}
