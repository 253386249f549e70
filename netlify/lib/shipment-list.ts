import type { Client, InValue } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import type { shipmentsApi } from '@/lib/api/shipments';
import { LIST_TOTAL_CAP, type ShipmentListQuery, shipmentListItemSchema } from '@/lib/schemas/shipment';
import { and, encodeCursor, type Filter, keysetOrder, keysetPage, readKeyset } from './keyset';
import { decodeFirst, decodeRows } from './rows';

export type ShipmentListPage = Omit<Reply<typeof shipmentsApi.list>, 'status'>;

export { encodeCursor };

// The trigram index needs 3 characters; shorter terms are matched with LIKE (ASCII case-insensitive).
const TRIGRAM = 3;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// A quoted FTS5 string is a phrase: consecutive trigrams, i.e. the substring, within one column.
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** A 1-2 character term: a substring of id, tracking number, places, sender or customer name. */
function likeFilter(q: string): Filter {
  const pattern = likePattern(q);
  const columns = [
    'CAST(s.id AS TEXT)',
    's.tracking_number',
    's.origin',
    's.current_location',
    's.destination',
    's.sender_name',
  ];
  return {
    sql: `(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')}
           OR EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_id AND c.name LIKE ? ESCAPE '\\'))`,
    args: Array<InValue>(columns.length + 1).fill(pattern),
  };
}

const COLUMNS = `s.id, s.tracking_number, s.origin, s.destination, s.current_location, s.status, s.estimated_delivery,
  s.arrival_time, s.package_type`;

/** Whether the search match `f` has one of these values in `column`, read from the column's own index. */
const inIndex = (index: string, column: string, values: InValue[]): Filter => ({
  sql: `EXISTS (SELECT 1 FROM shipments x INDEXED BY ${index} WHERE x.${column} IN (${values.map(() => '?').join(', ')}) AND x.id = f.rowid)`,
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

/**
 * One page of the admin list, newest first, with keyset paging (netlify/lib/keyset.ts): ids only
 * grow and shipments are created "now", so id order is creation order. `q` is a case-insensitive
 * substring of id, tracking number, origin, current location, destination, customer or sender name,
 * found through the FTS5 trigram index. `status` is one status or several. Every query reads only
 * the page (plus one row) and counts at most LIST_TOTAL_CAP + 1 rows: an exact count of a broad
 * match costs more than the page itself.
 */
export async function listShipments(db: Client, query: ShipmentListQuery): Promise<ShipmentListPage> {
  const keyset = readKeyset(query);
  const q = query.q;
  const statuses = query.status ?? [];

  let page: Filter;
  let counted: Filter;
  if (q && [...q].length >= TRIGRAM) {
    // The index hands its matches over in rowid order, starting at the cursor; only the limit + 1
    // that pass the filters are joined to their (wide) shipment rows. Each filter is checked in its
    // one-column index, whose entries (value, rowid) are far fewer pages to read than the rows:
    // that keeps counting a broad match with a filter about three times faster.
    const filters: Filter[] = [];
    if (statuses.length) filters.push(inIndex('shipments_status', 'status', statuses));
    if (query.type) filters.push(inIndex('shipments_package_type', 'package_type', [query.type]));
    if (query.delivered_since) filters.push(deliveredSince('f.rowid', query.delivered_since));
    const match: Filter = { sql: 'shipments_search MATCH ?', args: [phrase(q)] };
    const { filters: cursor, order } = keysetOrder('f.rowid', keyset);
    const pageWhere = and([match, ...cursor, ...filters]);
    const countWhere = and([match, ...filters]);
    page = {
      sql: `SELECT ${COLUMNS} FROM shipments_search f CROSS JOIN shipments s ON s.id = f.rowid
            WHERE ${pageWhere.sql} ORDER BY f.rowid ${order} LIMIT ?`,
      args: pageWhere.args,
    };
    counted = { sql: `SELECT 1 FROM shipments_search f WHERE ${countWhere.sql}`, args: countWhere.args };
  } else {
    // One-column indexes keep rowid order within a value, so a filter walks its index in list order.
    const filters: Filter[] = [];
    if (statuses.length) {
      filters.push({ sql: `s.status IN (${statuses.map(() => '?').join(', ')})`, args: statuses });
    }
    if (query.type) filters.push({ sql: 's.package_type = ?', args: [query.type] });
    if (query.delivered_since) filters.push(deliveredSince('s.id', query.delivered_since));
    const searched = q ? [likeFilter(q), ...filters] : filters;
    const { filters: cursor, order } = keysetOrder('s.id', keyset);
    const pageWhere = and([...searched, ...cursor]);
    const countWhere = and(searched);
    page = {
      sql: `SELECT ${COLUMNS} FROM shipments s WHERE ${pageWhere.sql} ORDER BY s.id ${order} LIMIT ?`,
      args: pageWhere.args,
    };
    counted = { sql: `SELECT 1 FROM shipments s WHERE ${countWhere.sql}`, args: countWhere.args };
  }
  const [rows, count] = await db.batch(
    [
      { sql: page.sql, args: [...page.args, query.limit + 1] },
      { sql: `SELECT count(*) AS total FROM (${counted.sql} LIMIT ?)`, args: [...counted.args, LIST_TOTAL_CAP + 1] },
    ],
    'read',
  );
  const total = decodeFirst(z.object({ total: z.number().int() }), count!.rows)?.total ?? 0;
  return keysetPage(decodeRows(shipmentListItemSchema, rows!.rows), (row) => row.id, {
    keyset,
    limit: query.limit,
    counted: total,
    cap: LIST_TOTAL_CAP,
  });
}
