import type { InStatement } from '@libsql/client';
import { companyEmail, switchOn } from './notification-settings';
import { INSERT } from './outbox';
import { companySubscription } from './subscriptions';

/**
 * The outbox's statements for quote requests, for the batch of the write that causes each email (see
 * outbox.ts): the requester's acknowledgement and staff's notice, and an offer with its accept link.
 */

const REQUEST_JSON = `json_object('id', q.id, 'name', q.name, 'email', q.email, 'phone', q.phone, 'service', q.service,
  'origin', q.origin, 'destination', q.destination, 'weight_kg', q.weight_kg, 'at', q.created_at)`;

/**
 * A quote request arrived: its requester's acknowledgement, and the company address's notice if "New
 * Quote Request" is on. For the batch that inserted it: the newest request (ids only grow) is that one.
 */
export function quoteReceivedMail(at: string): InStatement[] {
  const newest = 'q.id = (SELECT max(id) FROM quote_requests)';
  const on = switchOn('new_quote_request');
  const company = companyEmail();
  return [
    {
      sql: `${INSERT}
            SELECT 'quote_received', 'customer', q.email, NULL, NULL, ${REQUEST_JSON}, ?, ?
            FROM quote_requests q WHERE ${newest}`,
      args: [at, at],
    },
    companySubscription('new_quote_request', at),
    {
      sql: `${INSERT}
            SELECT 'new_quote_request', 'staff', m.email, m.id, NULL, ${REQUEST_JSON}, ?, ?
            FROM quote_requests q JOIN mail_subscriptions m
              ON m.state = 'active' AND m.topic = 'notice:new_quote_request' AND m.email = ${company.sql}
            WHERE ${newest} AND ${on.sql}`,
      args: [at, at, ...company.args, ...on.args],
    },
  ];
}

/**
 * An offer's email with its accept link, to the requester, for the batch that made the offer (nothing
 * when it made none). The token rides in the payload, as the email must carry it; the offer keeps its hash.
 */
export function quoteOfferMail(tokenHash: string, token: string, at: string): InStatement {
  return {
    sql: `${INSERT}
          SELECT 'quote_offer', 'customer', q.email, NULL, NULL,
                 json_object('token', ?, 'name', q.name, 'service', q.service, 'origin', o.origin,
                             'destination', o.destination, 'weight_kg', q.weight_kg, 'amount_cents', o.amount_cents,
                             'currency', o.currency, 'valid_until', o.valid_until, 'message', o.message),
                 ?, ?
          FROM quote_offers o JOIN quote_requests q ON q.id = o.quote_request_id
          WHERE o.token_hash = ? AND o.state = 'open'`,
    args: [token, at, at, tokenHash],
  };
}
