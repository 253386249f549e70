import type { Client, InStatement, InValue, Row } from '@libsql/client';
import type { ShipmentListItem, ShipmentListQuery } from '@/lib/schemas/shipment';
import { HttpError } from './http';

export interface ShipmentListPage {
  data: ShipmentListItem[];
  meta: { total: number; limit: number; next_cursor: string | null };
}

interface Cursor {
  createdAt: string;
  id: number;
}

/** Opaque to clients: the sort key (created_at, id) of the last row of a page. */
export function encodeCursor({ createdAt, id }: Cursor): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && Number.isSafeInteger(id)) return { createdAt, id: id as number };
  } catch {
    // fall through to the 422
  }
  throw new HttpError(422, 'The given data was invalid.', { errors: { cursor: ['Invalid cursor'] } });
}

interface Filter {
  sql: string;
  args: InValue[];
}

// The trigram index needs 3 characters; shorter terms are matched with LIKE (ASCII case-insensitive).
const TRIGRAM = 3;
// Up to this many matches, their ids are read first and the page looks each one up; beyond it, the
// newest-first index is walked while the matches are kept in a set (see listShipments).
const FEW_MATCHES = 2000;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// A quoted FTS5 string is a phrase: consecutive trigrams, i.e. the substring, within one column.
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** A 1-2 character term: a substring of id, tracking number, places, sender or customer name. */
function likeFilter(q: string): Filter {
  const pattern = likePattern(q);
  const columns = ['CAST(s.id AS TEXT)', 's.tracking_number', 's.origin', 's.current_location', 's.destination', 's.sender_name'];
  return {
    sql: `(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')}
           OR EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_id AND c.name LIKE ? ESCAPE '\\'))`,
    args: Array<InValue>(columns.length + 1).fill(pattern),
  };
}

const SELECT_ROW = `SELECT s.id, s.tracking_number, s.origin, s.destination, s.current_location, s.status, s.arrival_time,
                           s.package_type, s.created_at FROM shipments s`;
const NEWEST_FIRST = 'ORDER BY s.created_at DESC, s.id DESC';

const where = (filters: Filter[]) => ({
  sql: filters.length ? `WHERE ${filters.map((filter) => filter.sql).join(' AND ')}` : '',
  args: filters.flatMap((filter) => filter.args),
});

/**
 * One page of the admin list, newest first (created_at, then id), with keyset paging: a cursor names
 * the last row seen, so rows added meanwhile never shift a later page. Filtering, searching and
 * counting run in SQL. `q` is a case-insensitive substring of id, tracking number, origin, current
 * location, destination, customer or sender name, found through the FTS5 trigram index.
 */
export async function listShipments(db: Client, query: ShipmentListQuery): Promise<ShipmentListPage> {
  const filters: Filter[] = [];
  if (query.status) filters.push({ sql: 's.status = ?', args: [query.status] });
  if (query.type) filters.push({ sql: 's.package_type = ?', args: [query.type] });
  const cursorFilter: Filter[] = query.cursor
    ? [{ sql: '(s.created_at, s.id) < (?, ?)', args: [decodeCursor(query.cursor).createdAt, decodeCursor(query.cursor).id] }]
    : [];
  const limit = query.limit + 1;

  const q = query.q;
  if (q && [...q].length >= TRIGRAM) {
    // The index alone says how many match (it stops reading after FEW_MATCHES + 1).
    const { rows: found } = await db.execute({
      sql: `SELECT rowid AS id FROM shipments_search WHERE shipments_search MATCH ? LIMIT ${FEW_MATCHES + 1}`,
      args: [phrase(q)],
    });
    if (found.length <= FEW_MATCHES) {
      // Few matches: look each one up and sort them.
      const ids: Filter = { sql: 's.id IN (SELECT value FROM json_each(?))', args: [JSON.stringify(found.map((row) => Number(row.id)))] };
      const page = where([ids, ...filters, ...cursorFilter]);
      const all = where([ids, ...filters]);
      const [rows, count] = await db.batch(
        [
          { sql: `${SELECT_ROW} ${page.sql} ${NEWEST_FIRST} LIMIT ?`, args: [...page.args, limit] },
          ...(filters.length ? [{ sql: `SELECT count(*) AS total FROM shipments s ${all.sql}`, args: all.args }] : []),
        ],
        'read',
      );
      return toPage(rows!.rows, count ? Number(count.rows[0]!.total) : found.length, query.limit);
    }
    // Many matches: read them into a set once, count them, and walk the newest-first index keeping
    // the rows in the set (the unary + stops SQLite from driving the walk by the set instead).
    const inSet: Filter = { sql: '+s.id IN matches', args: [] };
    const page = where([inSet, ...filters, ...cursorFilter]);
    const all = where([inSet, ...filters]);
    const { rows } = await db.execute({
      sql: `WITH matches(id) AS MATERIALIZED (SELECT rowid FROM shipments_search WHERE shipments_search MATCH ?)
            SELECT counted.total, page.* FROM
              (SELECT count(*) AS total FROM ${filters.length ? `shipments s ${all.sql}` : 'matches'}) AS counted
              LEFT JOIN (${SELECT_ROW} ${page.sql} ${NEWEST_FIRST} LIMIT ?) AS page ON 1`,
      args: [phrase(q), ...(filters.length ? all.args : []), ...page.args, limit],
    });
    return toPage(rows.filter((row) => row.id !== null), Number(rows[0]!.total), query.limit);
  }

  const all = where([...(q ? [likeFilter(q)] : []), ...filters]);
  const page = where([...(q ? [likeFilter(q)] : []), ...filters, ...cursorFilter]);
  const statements: InStatement[] = [
    { sql: `${SELECT_ROW} ${page.sql} ${NEWEST_FIRST} LIMIT ?`, args: [...page.args, limit] },
    { sql: `SELECT count(*) AS total FROM shipments s ${all.sql}`, args: all.args },
  ];
  const [rows, count] = await db.batch(statements, 'read');
  return toPage(rows!.rows, Number(count!.rows[0]!.total), query.limit);
}

/** The page's rows (one more than the limit was read, to know whether another page follows). */
function toPage(rows: Row[], total: number, limit: number): ShipmentListPage {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    data: shown.map((row) => ({
      id: Number(row.id),
      tracking_number: String(row.tracking_number),
      origin: String(row.origin),
      destination: String(row.destination),
      current_location: row.current_location === null ? null : String(row.current_location),
      status: String(row.status),
      arrival_time: row.arrival_time === null ? null : String(row.arrival_time),
      package_type: row.package_type === null ? null : String(row.package_type),
    })),
    meta: {
      total,
      limit,
      next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: String(last.created_at), id: Number(last.id) }) : null,
    },
  };
}
