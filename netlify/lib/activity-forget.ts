import type { InStatement, InValue } from '@libsql/client';

/**
 * What the activity log forgets: a person erased on request, or whose quote request or pickup went, leaves the
 * entries that named them; entries past their retention, and those about a shipment past its own, go.
 */

/**
 * An entry's details with a person's name (the SQL `name`) given way to `replacement`, where entries write a
 * customer's or requester's name: first ("Erin (#12): New → Contacted", "Erin is now inactive") or after
 * "Created ". Elsewhere the same letters are other words or another person ("Ed" leaves "Edited phone" and
 * "To Ed Smith on …" as they are).
 */
const withoutName = (name: string, replacement: string) => `CASE
    WHEN details = ${name} OR substr(details, 1, length(${name}) + 1) = ${name} || ' '
      THEN ${replacement} || substr(details, length(${name}) + 1)
    WHEN details = 'Created ' || ${name} OR substr(details, 1, length(${name}) + 9) = 'Created ' || ${name} || ' '
      THEN 'Created ' || ${replacement} || substr(details, length(${name}) + 9)
    ELSE details END`;

/** The tables of what a member of the public asks for, by the subject its entries name; whether they write its name. */
const REQUEST_TABLES = {
  quote_request: { table: 'quote_requests', named: true },
  // A pickup's entries say when and by whom it is collected, never who booked it.
  pickup: { table: 'pickups', named: false },
} as const;

/**
 * The entries about quote requests or pickups that are about to go (their ids read by `ids`, while they are
 * still there): the person who asked gives way to `replacement`, as the actor of what they did (no account) and
 * where the details name them.
 */
export function forgetRequesters(
  subject: keyof typeof REQUEST_TABLES,
  ids: { sql: string; args: InValue[] },
  replacement: string,
): InStatement {
  const { table, named } = REQUEST_TABLES[subject];
  return {
    sql: `UPDATE activity_log SET
            actor_email = CASE WHEN user_id IS NULL THEN p.replacement ELSE actor_email END,
            details = ${named ? withoutName('p.name', 'p.replacement') : 'details'}
          FROM (SELECT CAST(r.id AS TEXT) AS id, r.name, ? AS replacement FROM ${table} r
                WHERE r.id IN (SELECT id FROM (${ids.sql}))) AS p
          WHERE subject_type = ? AND subject_id = p.id`,
    args: [replacement, ...ids.args, subject],
  };
}

/** Someone whose personal data is erased, as stored before the erasure; `live` holds while it is not yet erased. */
export interface ErasedPerson {
  id: string;
  name: string;
  email: string | null;
  live: { sql: string; args: InValue[] };
}

/**
 * The erasure's statements for the activity log: the person's name leaves the entries about them, and the
 * entries of what they did from an emailed link (no account: a quote accepted, the shipment it booked) lose
 * their email and name. Their quote requests' and pickups' entries go with them (`forgetRequesters`).
 */
export function eraseFromActivity(person: ErasedPerson, erasedName: string): InStatement[] {
  const { live } = person;
  const names = { sql: 'FROM (SELECT ? AS name, ? AS replacement) AS p', args: [person.name, erasedName] };
  return [
    {
      sql: `UPDATE activity_log SET details = ${withoutName('p.name', 'p.replacement')} ${names.sql}
            WHERE subject_type = 'customer' AND subject_id = ? AND ${live.sql}`,
      args: [...names.args, person.id, ...live.args],
    },
    ...(person.email
      ? [
          {
            sql: `UPDATE activity_log SET actor_email = p.replacement, details = ${withoutName('p.name', 'p.replacement')}
                  ${names.sql} WHERE user_id IS NULL AND lower(actor_email) = lower(?) AND ${live.sql}`,
            args: [...names.args, person.email, ...live.args],
          },
        ]
      : []),
  ];
}

/** Deletes up to `limit` entries written before `cutoff` (an ISO instant), oldest first: the retention's purge. */
export function purgeActivityBefore(cutoff: string, limit: number): InStatement {
  return {
    sql: `DELETE FROM activity_log WHERE id IN (
            SELECT id FROM activity_log WHERE created_at < ? ORDER BY created_at, id LIMIT ?)`,
    args: [cutoff, limit],
  };
}

/** The entries about the shipments `numbers` reads (tracking numbers), which go at the end of their retention. */
export const forgetShipments = (numbers: { sql: string; args: InValue[] }): InStatement => ({
  sql: `DELETE FROM activity_log WHERE tracking_number IN (${numbers.sql})`,
  args: numbers.args,
});
