import type { Client, InValue } from '@libsql/client';
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

// The trigram index needs 3 characters; shorter terms are matched with LIKE (ASCII case-insensitive).
const TRIGRAM = 3;

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search filter of `q`: a case-insensitive substring of id, tracking number, places, customer or sender name. */
function searchFilter(q: string): { sql: string; args: InValue[] } {
  if ([...q].length >= TRIGRAM) {
    // A quoted FTS5 string is a phrase: consecutive trigrams, i.e. the substring, within one column.
    return {
      sql: 's.id IN (SELECT rowid FROM shipments_search WHERE shipments_search MATCH ?)',
      args: [`"${q.replace(/"/g, '""')}"`],
    };
  }
  const pattern = likePattern(q);
  const columns = ["CAST(s.id AS TEXT)", 's.tracking_number', 's.origin', 's.current_location', 's.destination', 's.sender_name'];
  return {
    sql: `(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')}
           OR EXISTS (SELECT 1 FROM customers c WHERE c.id = s.customer_id AND c.name LIKE ? ESCAPE '\\'))`,
    args: Array<InValue>(columns.length + 1).fill(pattern),
  };
}

/**
 * One page of the admin list, newest first (created_at, then id), with keyset paging: a cursor names
 * the last row seen, so rows added meanwhile never shift a later page. Filtering and counting run in SQL.
 */
export async function listShipments(db: Client, query: ShipmentListQuery): Promise<ShipmentListPage> {
  const filters: string[] = [];
  const args: InValue[] = [];
  if (query.q) {
    const search = searchFilter(query.q);
    filters.push(search.sql);
    args.push(...search.args);
  }
  if (query.status) {
    filters.push('s.status = ?');
    args.push(query.status);
  }
  if (query.type) {
    filters.push('s.package_type = ?');
    args.push(query.type);
  }
  const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';

  const pageFilters = [...filters];
  const pageArgs = [...args];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    pageFilters.push('(s.created_at < ? OR (s.created_at = ? AND s.id < ?))');
    pageArgs.push(cursor.createdAt, cursor.createdAt, cursor.id);
  }
  const pageWhere = pageFilters.length ? `WHERE ${pageFilters.join(' AND ')}` : '';

  const [page, count] = await db.batch(
    [
      {
        sql: `SELECT s.id, s.tracking_number, s.origin, s.destination, s.current_location, s.status, s.arrival_time,
                     s.package_type, s.created_at
              FROM shipments s ${pageWhere}
              ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
        args: [...pageArgs, query.limit + 1],
      },
      { sql: `SELECT count(*) AS total FROM shipments s ${where}`, args },
    ],
    'read',
  );
  const rows = page!.rows;
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
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
      total: Number(count!.rows[0]!.total),
      limit: query.limit,
      next_cursor: more && last ? encodeCursor({ createdAt: String(last.created_at), id: Number(last.id) }) : null,
    },
  };
}
