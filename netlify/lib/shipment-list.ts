import type { Client, InValue, Row } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import type { shipmentsApi } from '@/lib/api/shipments';
import { shipmentListItemSchema } from '@/lib/schemas/shipment/list-item';
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP, type ShipmentListQuery } from '@/lib/schemas/shipment/list-query';
import {
  and,
  countStatement,
  countStatements,
  encodeCursor,
  type Filter,
  keysetOrder,
  keysetPage,
  precedingFilter,
  readCount,
  readCounts,
  readKeyset,
} from './keyset';
import { decodeFirst, decodeRows } from './rows';
import { phoneDigits, phrase, strippedPhone, trigramQuery } from './search-terms';
import { placeholders } from './sql';

export type ShipmentListPage = Omit<Reply<typeof shipmentsApi.list>, 'status'>;

export { encodeCursor };

// The trigram index (migration 003) serves terms of 3 characters or more; shorter ones are one trigram
// of the short index (migration 013).
const TRIGRAM = 3;
const GS = '\u001d';

interface Search {
  term: string;
  table: 'shipments_search' | 'shipments_short';
  match: string;
}

const PHONES = ['sender_phone', 'recipient_phone'];

/**
 * Where a term is looked up: a substring of id, tracking number, origin, current location,
 * destination, customer, sender or recipient name, or the sender's or recipient's email or phone
 * (a phone also by its digits), ignoring case and accents. A character c is indexed as the trigram
 * `c c GS`, a pair x y as `x GS y` (see migration 013).
 */
function searchFor(q: string): Search {
  const [first, second] = [...q];
  if ([...q].length >= TRIGRAM || first === undefined) {
    return { term: q, table: 'shipments_search', match: trigramQuery(q, PHONES) };
  }
  return {
    term: q,
    table: 'shipments_short',
    match: phrase(second === undefined ? `${first}${first}${GS}` : `${first}${GS}${second}`),
  };
}

/**
 * Below this many shipments passing the status, type and date filters, a search reads those
 * shipments and checks each against the term (one index lookup each, some 10-50 microseconds)
 * instead of walking every match of the term: a broad term with a rare status and type.
 */
const FEW_CANDIDATES = 1000;

const COLUMNS = `s.id, s.tracking_number, s.origin, s.destination, s.current_location, s.status, s.estimated_delivery,
  s.arrival_time, s.package_type`;

/** Whether the search match `f` has one of these values in `column`, read from the column's own index. */
const inIndex = (index: string, column: string, values: InValue[]): Filter => ({
  sql: `EXISTS (SELECT 1 FROM shipments x INDEXED BY ${index} WHERE x.${column} IN (${placeholders(values)}) AND x.id = f.rowid)`,
  args: values,
});

/**
 * Shipments with a "delivered" history entry at or after a moment (what the dashboard's Delivered
 * Today counts), read from the (status, time) index of the histories: the few deliveries of a day
 * are found without walking the shipments.
 */
const deliveredSince = (id: string, since: string): Filter => ({
  sql: `${id} IN (SELECT h.shipment_id FROM shipment_histories h WHERE h.status = 'delivered' AND h.created_at >= ?)`,
  args: [since],
});

/** The status, type and delivered-since filters on the shipments row `s`. */
function rowFilters(query: ShipmentListQuery): Filter[] {
  const filters: Filter[] = [];
  const statuses = query.status ?? [];
  if (statuses.length) filters.push({ sql: `s.status IN (${placeholders(statuses)})`, args: statuses });
  if (query.type) filters.push({ sql: 's.package_type = ?', args: [query.type] });
  if (query.delivered_since) filters.push(deliveredSince('s.id', query.delivered_since));
  return filters;
}

const SEARCHED = [
  'CAST(s.id AS TEXT)',
  's.tracking_number',
  's.origin',
  's.current_location',
  's.destination',
  's.sender_name',
  's.recipient_name',
  's.sender_email',
  's.recipient_mail',
  ...PHONES.map((column) => strippedPhone(`s.${column}`)),
];
const customerName = "coalesce((SELECT c.name FROM customers c WHERE c.id = s.customer_id), '')";
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const PRINTABLE_ASCII = /^[ -~]*$/;

/**
 * Whether the shipment `s` holds the term. The term's index answers by rowid (some 8 microseconds a
 * trigram, so a long term costs about 0.1 ms a row). For a term in plain ASCII, a row whose searched
 * text is all ASCII is decided by LIKE instead, which folds ASCII case as the index does and, like the
 * index's phrase, matches within one value (a phone without its separators, and by the term's digits
 * too): the same answer without reading the index. Rows with other characters, which the index folds
 * by Unicode rules and strips of accents, are still looked up in it.
 */
function termCheck(search: Search): Filter {
  const exact: Filter = {
    sql: `EXISTS (SELECT 1 FROM ${search.table} f WHERE ${search.table} MATCH ? AND f.rowid = s.id)`,
    args: [search.match],
  };
  if (search.table !== 'shipments_search' || !PRINTABLE_ASCII.test(search.term)) return exact;
  const values = [...SEARCHED, customerName];
  const text = values.map((value) => `coalesce(${value}, '')`).join(' || ');
  const digits = phoneDigits(search.term);
  const checks = values.map((value) => ({ value, pattern: likePattern(search.term) }));
  if (digits !== undefined) {
    checks.push(...PHONES.map((column) => ({ value: strippedPhone(`s.${column}`), pattern: likePattern(digits) })));
  }
  return {
    sql: `CASE WHEN (${text}) GLOB '*[^ -~]*' THEN ${exact.sql}
          ELSE ${checks.map(({ value }) => `${value} LIKE ? ESCAPE '\\'`).join(' OR ')} END`,
    args: [...exact.args, ...checks.map(({ pattern }) => pattern)],
  };
}

/** How many shipments pass `filters`, counted up to `limit`. */
async function countUpTo(db: Client, filters: Filter[], limit: number): Promise<number> {
  const where = and(filters);
  const { rows } = await db.execute(
    countStatement({ sql: `SELECT 1 FROM shipments s WHERE ${where.sql}`, args: where.args }, limit),
  );
  return readCount(rows);
}

const windowCounts = z.object({ total: z.number().int(), preceding: z.number().int() });

/**
 * One page of the admin list, newest first, with keyset paging (netlify/lib/keyset.ts): ids only
 * grow and shipments are created "now", so id order is creation order. `q` is found through a
 * full-text index (`searchFor`). `status` is one status or several. Every query reads only the page
 * (plus one row) and counts at most LIST_TOTAL_CAP + 1 rows (SEARCH_TOTAL_CAP + 1 with a term), and
 * as many again for the matches before the page (its place in the list): an exact count of a broad
 * match costs more than the page itself.
 */
export async function listShipments(db: Client, query: ShipmentListQuery): Promise<ShipmentListPage> {
  const keyset = readKeyset(query);
  const search = query.q ? searchFor(query.q) : undefined;
  const filters = rowFilters(query);
  const cap = search ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
  const page = (rows: Row[], counted: number, preceding: number) =>
    keysetPage(decodeRows(shipmentListItemSchema, rows), (row) => row.id, {
      keyset,
      limit: query.limit,
      counted,
      preceding,
      cap,
    });

  if (search && filters.length && (await countUpTo(db, filters, FEW_CANDIDATES)) < FEW_CANDIDATES) {
    // Few shipments pass the filters: check each of them against the term's index by rowid, once,
    // counting them and those before the page in the same pass (windows over the matches) and paging after.
    const check = termCheck(search);
    const matches = and([...filters, check]);
    const { filters: cursor, order } = keysetOrder('id', keyset);
    const after = and(cursor);
    const before = precedingFilter('s.id', keyset) ?? { sql: '0', args: [] };
    const { rows } = await db.execute({
      sql: `SELECT * FROM (SELECT ${COLUMNS}, count(*) OVER () AS total, sum(${before.sql}) OVER () AS preceding
                           FROM shipments s WHERE ${matches.sql})
            WHERE ${after.sql} ORDER BY id ${order} LIMIT ?`,
      args: [...before.args, ...matches.args, ...after.args, query.limit + 1],
    });
    const counts = decodeFirst(windowCounts, rows);
    // Past the last match (a cursor from a page whose rows went since) the window has no row to count on.
    return page(rows, counts?.total ?? (await countUpTo(db, [...filters, check], cap + 1)), counts?.preceding ?? 0);
  }

  let listed: Filter;
  let countFrom: string;
  let countFilters: Filter[];
  let key: string;
  if (search) {
    // The index hands its matches over in rowid order, starting at the cursor; only the limit + 1
    // that pass the filters are joined to their (wide) shipment rows. Each filter is checked in its
    // one-column index, whose entries (value, rowid) are far fewer pages to read than the rows:
    // that keeps counting a broad match with a filter about three times faster.
    const statuses = query.status ?? [];
    const indexed: Filter[] = [];
    if (statuses.length) indexed.push(inIndex('shipments_status', 'status', statuses));
    if (query.type) indexed.push(inIndex('shipments_package_type', 'package_type', [query.type]));
    if (query.delivered_since) indexed.push(deliveredSince('f.rowid', query.delivered_since));
    const match: Filter = { sql: `${search.table} MATCH ?`, args: [search.match] };
    key = 'f.rowid';
    const { filters: cursor, order } = keysetOrder(key, keyset);
    const pageWhere = and([match, ...cursor, ...indexed]);
    listed = {
      sql: `SELECT ${COLUMNS} FROM ${search.table} f CROSS JOIN shipments s ON s.id = f.rowid
            WHERE ${pageWhere.sql} ORDER BY f.rowid ${order} LIMIT ?`,
      args: pageWhere.args,
    };
    countFrom = `${search.table} f`;
    countFilters = [match, ...indexed];
  } else {
    // One-column indexes keep rowid order within a value, so a filter walks its index in list order.
    key = 's.id';
    const { filters: cursor, order } = keysetOrder(key, keyset);
    const pageWhere = and([...filters, ...cursor]);
    listed = {
      sql: `SELECT ${COLUMNS} FROM shipments s WHERE ${pageWhere.sql} ORDER BY s.id ${order} LIMIT ?`,
      args: pageWhere.args,
    };
    countFrom = 'shipments s';
    countFilters = filters;
  }
  const [rows, ...counts] = await db.batch(
    [
      { sql: listed.sql, args: [...listed.args, query.limit + 1] },
      ...countStatements(countFrom, countFilters, { key, keyset, limit: cap + 1 }),
    ],
    'read',
  );
  const { counted, preceding } = readCounts(counts);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return page(rows!.rows, counted, preceding);
}
