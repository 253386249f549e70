import type { InStatement } from '@libsql/client';
import type { Filter } from './keyset';

/**
 * Customers made from the people who book on the public site, a seam of the customers module (which
 * writes the table): the statement joins the batch that books their shipment.
 */

/** Where a requester comes from: a quote request (which may name its customer already) or a pickup. */
const REQUESTERS = {
  quote: {
    from: 'quote_requests q',
    columns: "q.name, q.name, q.email, nullif(q.phone, '')",
    own: 'AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = q.customer_id AND c.erased_at IS NULL)',
  },
  pickup: { from: 'pickups q', columns: 'coalesce(q.company, q.name), q.name, q.email, q.phone', own: '' },
};

/**
 * A requester as a customer (an accepted quote's, a collected pickup's), for the batch booking their
 * shipment: made (the next free id, as `createCustomer`) only `when` that booking won, and only when the
 * request has no customer yet and no customer has its email (that one is linked instead: no duplicate).
 */
export function requesterCustomerStatement(
  id: number,
  time: string,
  when: Filter,
  source: keyof typeof REQUESTERS = 'quote',
): InStatement {
  const { from, columns, own } = REQUESTERS[source];
  return {
    sql: `INSERT INTO customers (id, name, contact, email, phone, status, created_at, updated_at)
          SELECT next.id, ${columns}, 'active', ?, ?
          FROM (SELECT printf('CUS-%04d', coalesce(max(number), 1000) + 1) AS id FROM customers) AS next, ${from}
          WHERE q.id = ? AND ${when.sql} ${own}
            AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.email IS NOT NULL AND lower(c.email) = lower(q.email))`,
    args: [time, time, id, ...when.args],
  };
}
