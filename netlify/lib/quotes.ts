import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import { QUOTE_PATHS, QUOTE_THANKS } from '@/lib/api/paths';
import type { quotesApi } from '@/lib/api/quotes';
import { QUOTE_NOT_FOUND } from '@/lib/api/quotes';
import { monthsBefore } from '@/lib/company-day';
import { UNBOOKED_QUOTE_KEEP_MONTHS } from '@/lib/quote-services';
import {
  QUOTE_STATUS_LABELS,
  QUOTE_TOTAL_CAP,
  type QuoteListQuery,
  type QuoteRecord,
  type QuoteRequest,
  type QuoteStatus,
  quoteRecordSchema,
} from '@/lib/schemas/quote';
import { quoteOfferSummarySchema } from '@/lib/schemas/quote-offer';
import { quoteReceivedActivity, type StaffUser, subjectActivity } from './activity';
import { type ErasedPerson, forgetRequesters } from './activity-forget';
import { type ClientInfo, HttpError, isFormPost, seeOther } from './http';
import { and, countStatements, type Filter, keysetOrder, keysetPage, readCounts, readKeyset } from './keyset';
import { quoteReceivedMail } from './outbox-quotes';
import { clientNetwork, enforceRateLimit } from './rate-limit';
import { decodeFirst, decodeRows } from './rows';

/** Quote requests one client address may send per window: generous for people, tight for scripts. */
export const QUOTE_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

/** Counts a quote request against its address's limit, before the body is read. */
export const limitQuotes = ({ db, client }: { db: Client; client: ClientInfo }) =>
  enforceRateLimit(db, { key: `quotes:${clientNetwork(client.address)}`, ...QUOTE_RATE_LIMIT });

/** Stores a quote request and answers its sender: the thanks, or after a plain form post the thank-you page. */
export async function sendQuoteRequest(
  db: Client,
  quote: QuoteRequest,
  request: Request,
): Promise<Reply<typeof quotesApi.create> | Response> {
  const stored = await createQuoteRequest(db, quote);
  if (isFormPost(request)) return seeOther(QUOTE_PATHS.sent);
  return { status: 'success', message: QUOTE_THANKS, data: { id: stored.id } };
}

const OWN_COLUMNS = Object.keys(quoteRecordSchema.shape).filter((column) => column !== 'offer');
const RETURNED = `${OWN_COLUMNS.join(', ')}, NULL AS offer`;

/**
 * A request with its latest offer (a replaced one is history), as JSON: SQL that reads `q`, a row of
 * quote_requests.
 */
const COLUMNS = `${OWN_COLUMNS.map((column) => `q.${column}`).join(', ')},
  (SELECT json_object('amount_cents', o.amount_cents, 'currency', o.currency, 'valid_until', o.valid_until,
                      'expires_at', o.expires_at, 'state', o.state, 'sent_at', o.created_at,
                      'accepted_at', CASE o.state WHEN 'accepted' THEN o.ended_at END,
                      'tracking_number', o.tracking_number)
   FROM quote_offers o WHERE o.quote_request_id = q.id AND o.state <> 'replaced') AS offer`;

/** A row read with COLUMNS: its offer arrives as JSON text. */
const quoteRow = quoteRecordSchema.extend({
  offer: z
    .string()
    .nullable()
    .transform((value) => (value === null ? null : JSON.parse(value)))
    .pipe(quoteOfferSummarySchema.nullable()),
});

/**
 * Stores a validated quote request with its activity entry (the dashboard shows it) and its emails (the
 * requester's acknowledgement, staff's notice), in one transaction.
 */
async function createQuoteRequest(db: Client, quote: QuoteRequest, now = new Date()): Promise<QuoteRecord> {
  const time = now.toISOString();
  const [stored] = await db.batch(
    [
      {
        sql: `INSERT INTO quote_requests (name, email, phone, service, origin, destination, weight_kg, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${RETURNED}`,
        args: [
          quote.name,
          quote.email,
          quote.phone,
          quote.service,
          quote.origin ?? null,
          quote.destination ?? null,
          quote.weight_kg ?? null,
          time,
          time,
        ],
      },
      quoteReceivedActivity(quote.email, `${quote.name} asked for a quote: ${quote.service}`, time),
      ...quoteReceivedMail(time),
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const record = decodeFirst(quoteRow, stored!.rows);
  if (!record) throw new Error('The quote request was not read back after its insert');
  return record;
}

export type QuoteListPage = Omit<Reply<typeof quotesApi.list>, 'status'>;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCHED = ['name', 'email', 'phone', 'service', 'origin', 'destination'];

/**
 * One page of quote requests, newest first by id (ids only grow), keyset-paged. `q` is a
 * case-insensitive substring of the requester's name, email or phone, the service or the places.
 * Requests arrive by hand from one form (a rate-limited public call), so they stay few enough
 * for a LIKE over the page's walk; the status filter has its index.
 */
export async function listQuoteRequests(db: Client, query: QuoteListQuery): Promise<QuoteListPage> {
  const keyset = readKeyset(query);
  const filters: Filter[] = [];
  if (query.status) filters.push({ sql: 'status = ?', args: [query.status] });
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push({
      sql: SEARCHED.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR '),
      args: SEARCHED.map(() => pattern),
    });
  }
  const { filters: cursor, order } = keysetOrder('id', keyset);
  const pageWhere = and([...filters, ...cursor]);
  const [rows, ...counts] = await db.batch(
    [
      {
        sql: `SELECT ${COLUMNS} FROM quote_requests q WHERE ${pageWhere.sql} ORDER BY q.id ${order} LIMIT ?`,
        args: [...pageWhere.args, query.limit + 1],
      },
      ...countStatements('quote_requests', filters, { key: 'id', keyset, limit: QUOTE_TOTAL_CAP + 1 }),
    ],
    'read',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return keysetPage(decodeRows(quoteRow, rows!.rows), (row) => row.id, {
    keyset,
    limit: query.limit,
    ...readCounts(counts),
    cap: QUOTE_TOTAL_CAP,
  });
}

/** The statement reading one quote request, as it is at its point of a batch (`foundQuote` decodes it). */
export const quoteById = (id: number): InStatement => ({
  sql: `SELECT ${COLUMNS} FROM quote_requests q WHERE q.id = ?`,
  args: [id],
});

/** The read of the request a path names, for the staff call's first round trip. */
export function quoteReads(id: number): InStatement[] {
  return [quoteById(id)];
}

/** The request a `quoteReads` found, or 404. */
export function foundQuote(found: ResultSet | undefined): QuoteRecord {
  const quote = decodeFirst(quoteRow, found?.rows ?? []);
  if (!quote) throw new HttpError(404, QUOTE_NOT_FOUND);
  return quote;
}

/** An offer was sent (when the batch made the offer of `tokenHash`): a new or lost request is now contacted. */
export const offerSentStatement = (id: number, time: string, tokenHash: string): InStatement => ({
  sql: `UPDATE quote_requests SET status = 'contacted', updated_at = ?
        WHERE id = ? AND status IN ('new', 'lost') AND EXISTS (SELECT 1 FROM quote_offers WHERE token_hash = ?)`,
  args: [time, id, tokenHash],
});

/**
 * An offer was accepted (`when` the acceptance won): the request is won and linked to its customer, the
 * one it had (unless erased since), else the first one with its email.
 */
export const quoteWonStatement = (id: number, time: string, when: Filter): InStatement => ({
  sql: `UPDATE quote_requests SET status = 'won', updated_at = ?,
          customer_id = coalesce(
            (SELECT c.id FROM customers c WHERE c.id = quote_requests.customer_id AND c.erased_at IS NULL),
            (SELECT c.id FROM customers c WHERE c.email IS NOT NULL AND lower(c.email) = lower(quote_requests.email)
             ORDER BY c.number LIMIT 1))
        WHERE id = ? AND ${when.sql}`,
  args: [time, id, ...when.args],
});

/**
 * Sets the status of the request `quoteReads` found (404 when none), with its activity entry, in one
 * transaction; the same status changes nothing.
 */
export async function updateQuoteStatus(
  db: Client,
  found: ResultSet | undefined,
  status: QuoteStatus,
  actor: StaffUser,
  now = new Date(),
): Promise<QuoteRecord> {
  const current = foundQuote(found);
  const { id } = current;
  const select = quoteById(id);
  if (current.status === status) return current;
  const time = now.toISOString();
  const [, , updated] = await db.batch(
    [
      {
        sql: 'UPDATE quote_requests SET status = ?, updated_at = ? WHERE id = ? AND status <> ?',
        args: [status, time, id, status],
      },
      subjectActivity(
        actor,
        'quote_status_changed',
        { type: 'quote_request', id: String(id) },
        `${current.name} (#${id}): ${QUOTE_STATUS_LABELS[current.status]} → ${QUOTE_STATUS_LABELS[status]}`,
        time,
        { onlyIfChanged: true },
      ),
      select,
    ],
    'write',
  );
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return decodeFirst(quoteRow, updated!.rows) ?? current;
}

/**
 * The erasure's statements for quote requests: the person's requests (linked to them, or from their email) are
 * deleted, and their audit entries name `erasedName` instead.
 */
export function eraseQuoteRequests(person: ErasedPerson, erasedName: string): InStatement[] {
  const ids = {
    sql: `SELECT id FROM quote_requests WHERE (customer_id = ? OR lower(email) = lower(?)) AND ${person.live.sql}`,
    args: [person.id, person.email ?? '', ...person.live.args],
  };
  return deleteQuoteRequests(ids, erasedName);
}

/** Deletes the quote requests `ids` reads (their offers with them); their entries name `replacement` instead. */
const deleteQuoteRequests = (ids: { sql: string; args: InValue[] }, replacement: string): InStatement[] => [
  forgetRequesters('quote_request', ids, replacement),
  { sql: `DELETE FROM quote_requests WHERE id IN (${ids.sql})`, args: ids.args },
];

/** Who a deleted quote request's entries name in place of its requester. */
const DELETED_REQUESTER = 'Deleted requester';
/** Requests one housekeeping run deletes at most: the run stays short, and the next catches up. */
const QUOTE_PURGE_LIMIT = 500;

/**
 * The booked quote requests that are kept as long as shipments: those whose accepted offer booked one of the
 * shipments `numbers` reads (tracking numbers), which are about to go, and those marked won by hand (booked
 * outside the offer link, so no shipment names them) sent before `cutoff`.
 */
export function deleteBookedQuotes(numbers: { sql: string; args: InValue[] }, cutoff: string): InStatement[] {
  const ids = {
    sql: `SELECT quote_request_id AS id FROM quote_offers WHERE state = 'accepted' AND tracking_number IN (${numbers.sql})
          UNION ALL
          SELECT id FROM (SELECT id FROM quote_requests q WHERE status = 'won' AND created_at < ?
            AND NOT EXISTS (SELECT 1 FROM quote_offers o WHERE o.quote_request_id = q.id AND o.state = 'accepted')
            ORDER BY id LIMIT ?)`,
    args: [...numbers.args, cutoff, QUOTE_PURGE_LIMIT],
  };
  return deleteQuoteRequests(ids, DELETED_REQUESTER);
}

/**
 * Housekeeping: deletes the quote requests older than UNBOOKED_QUOTE_KEEP_MONTHS that led to no booking (not
 * won, no accepted offer), with their offers, and takes the requester out of their audit entries, in one
 * transaction. Returns how many went.
 */
export async function purgeUnbookedQuotes(db: Client, now = new Date()): Promise<number> {
  const cutoff = monthsBefore(now, UNBOOKED_QUOTE_KEEP_MONTHS);
  const ids = {
    sql: `SELECT id FROM quote_requests q WHERE created_at < ? AND status <> 'won'
            AND NOT EXISTS (SELECT 1 FROM quote_offers o WHERE o.quote_request_id = q.id AND o.state = 'accepted')
          ORDER BY id LIMIT ?`,
    args: [cutoff.toISOString(), QUOTE_PURGE_LIMIT],
  };
  const [, deleted] = await db.batch(deleteQuoteRequests(ids, DELETED_REQUESTER), 'write');
  return deleted?.rowsAffected ?? 0;
}
