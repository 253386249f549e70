import type { Client, InStatement, InValue, ResultSet, Row } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import type { shipmentsApi } from '@/lib/api/shipments';
import { shipmentListItemSchema } from '@/lib/schemas/shipment/list-item';
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP, type ShipmentListQuery } from '@/lib/schemas/shipment/list-query';
import type { ShipmentFilter } from '@/lib/schemas/shipment/selection';
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
 * destination, customer, sender or recipient name, the sender's or recipient's email or phone
 * (a phone also by its digits), or the customer's own reference, ignoring case and accents. A
 * character c is indexed as the trigram `c c GS`, a pair x y as `x GS y` (see migration 013).
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
function rowFilters(query: ShipmentFilter): Filter[] {
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
  's.reference',
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

/** A statement counting the shipments that pass `filters`, up to `limit`. */
function countOf(filters: Filter[], limit: number): InStatement {
  const where = and(filters);
  return countStatement({ sql: `SELECT 1 FROM shipments s WHERE ${where.sql}`, args: where.args }, limit);
}

/**
 * For a search with filters, the count that decides how its matches are found (`matching`): the shipments
 * passing the filters, up to FEW_CANDIDATES. None without a term or a filter.
 */
function candidatesCount(query: ShipmentFilter): InStatement | undefined {
  const filters = rowFilters(query);
  return query.q && filters.length ? countOf(filters, FEW_CANDIDATES) : undefined;
}

const isFew = ({ rows }: ResultSet) => readCount(rows) < FEW_CANDIDATES;

/** Where a page finds the shipments a query matches, in list order by `key` (the cursor's column). */
interface Matching {
  from: string;
  key: string;
  where: Filter[];
  /** What counting them reads: the term's index alone when it answers without the shipment rows. */
  countFrom: string;
}

/** How the shipments a query matches are found; `few` when `candidatesCount` found few (a search with filters). */
function matching(query: ShipmentFilter, few: boolean): Matching {
  const filters = rowFilters(query);
  const search = query.q ? searchFor(query.q) : undefined;
  // One-column indexes keep rowid order within a value, so a filter walks its index in list order.
  if (!search) return { from: 'shipments s', key: 's.id', where: filters, countFrom: 'shipments s' };
  if (few) {
    // Few shipments pass the filters: each of them is checked against the term's index by rowid, once.
    return { from: 'shipments s', key: 's.id', where: [...filters, termCheck(search)], countFrom: 'shipments s' };
  }
  // The index hands its matches over in rowid order, starting at the cursor; only the limit + 1
  // that pass the filters are joined to their (wide) shipment rows. Each filter is checked in its
  // one-column index, whose entries (value, rowid) are far fewer pages to read than the rows:
  // that keeps counting a broad match with a filter about three times faster.
  const statuses = query.status ?? [];
  const indexed: Filter[] = [];
  if (statuses.length) indexed.push(inIndex('shipments_status', 'status', statuses));
  if (query.type) indexed.push(inIndex('shipments_package_type', 'package_type', [query.type]));
  if (query.delivered_since) indexed.push(deliveredSince('f.rowid', query.delivered_since));
  return {
    from: `${search.table} f CROSS JOIN shipments s ON s.id = f.rowid`,
    key: 'f.rowid',
    where: [{ sql: `${search.table} MATCH ?`, args: [search.match] }, ...indexed],
    countFrom: `${search.table} f`,
  };
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
export async function listShipments(
  db: Client,
  query: ShipmentListQuery,
  [read]: ResultSet[] = [],
): Promise<ShipmentListPage> {
  const keyset = readKeyset(query);
  const cap = query.q ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
  const page = (rows: Row[], counted: number, preceding: number) =>
    keysetPage(decodeRows(shipmentListItemSchema, rows), (row) => row.id, {
      keyset,
      limit: query.limit,
      counted,
      preceding,
      cap,
    });
  const candidates = candidatesCount(query);
  const few = candidates !== undefined && isFew(read ?? (await db.execute(candidates)));
  const { from, key, where, countFrom } = matching(query, few);

  if (few) {
    // Counting the matches and those before the page in the same pass (windows over the matches), paging after.
    const matches = and(where);
    const { filters: cursor, order } = keysetOrder('id', keyset);
    const after = and(cursor);
    const before = precedingFilter('s.id', keyset) ?? { sql: '0', args: [] };
    const { rows } = await db.execute({
      sql: `SELECT * FROM (SELECT ${COLUMNS}, count(*) OVER () AS total, sum(${before.sql}) OVER () AS preceding
                           FROM ${from} WHERE ${matches.sql})
            WHERE ${after.sql} ORDER BY id ${order} LIMIT ?`,
      args: [...before.args, ...matches.args, ...after.args, query.limit + 1],
    });
    const counts = decodeFirst(windowCounts, rows);
    // Past the last match (a cursor from a page whose rows went since) the window has no row to count on;
    // without a cursor, no row means no match.
    const total = counts?.total ?? (cursor.length ? readCount((await db.execute(countOf(where, cap + 1))).rows) : 0);
    return page(rows, total, counts?.preceding ?? 0);
  }

  const { filters: cursor, order } = keysetOrder(key, keyset);
  const pageWhere = and([...where, ...cursor]);
  const [rows, ...counts] = await db.batch(
    [
      {
        sql: `SELECT ${COLUMNS} FROM ${from} WHERE ${pageWhere.sql} ORDER BY ${key} ${order} LIMIT ?`,
        args: [...pageWhere.args, query.limit + 1],
      },
      ...countStatements(countFrom, where, { key, keyset, limit: cap + 1 }),
    ],
    'read',
  );
  const { counted, preceding } = readCounts(counts);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  return page(rows!.rows, counted, preceding);
}

/**
 * What the list and the export (every match) read with the session check: how a search with filters is
 * made (the list's `read`), so each page after is one statement.
 */
export const matchingReads = (query: ShipmentFilter): InStatement[] => {
  const candidates = candidatesCount(query);
  return candidates ? [candidates] : [];
};

/**
 * The statement of each page of every match of a query, from what `matchingReads` read: `limit` rows
 * newest first, after the id `after` (the previous page's last), as `columns` over the shipment `s`.
 * The list's matches in its order, without its counts.
 */
export function everyMatchPages(
  query: ShipmentFilter,
  [candidates]: ResultSet[],
  columns: string,
  limit: number,
): (after: number | undefined) => InStatement {
  const { from, key, where } = matching(query, candidates !== undefined && isFew(candidates));
  return (after) => {
    const { filters: cursor, order } = keysetOrder(key, { direction: 'next', after });
    const all = and([...where, ...cursor]);
    return {
      sql: `SELECT ${columns} FROM ${from} WHERE ${all.sql} ORDER BY ${key} ${order} LIMIT ?`,
      args: [...all.args, limit],
    };
  };
}
