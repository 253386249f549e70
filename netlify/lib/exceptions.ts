import type { Client, InStatement, InValue } from '@libsql/client';
import { z } from 'zod';
import { dateIn } from '@/lib/company-day';
import {
  EXCEPTION_KINDS,
  type ExceptionCounts,
  type ExceptionKind,
  type ExceptionRow,
  exceptionRowSchema,
} from '@/lib/schemas/exception';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import { decodeRows } from './rows';
import { batchInCompanyZone } from './settings';
import { placeholders } from './sql';

/**
 * The exceptions queue: a query over shipments, their histories, staff's actions and the recipients'
 * requests, never a table of copies, so a shipment leaves it the moment what listed it stops being true.
 * What staff do about a row is exception-actions.ts.
 */

const ON_HOLD_FOR = 2 * 24 * 3600 * 1000;
const SILENT_FOR = 48 * 3600 * 1000;

/** The moments and the company's day each kind is measured against. */
interface Clock {
  today: string;
  holdCutoff: string;
  silentCutoff: string;
}

const FINAL = placeholders(FINAL_STATUSES);
// A parcel waiting at a depot within its collection period is where it should be: neither late nor silent.
const WAITING = `(s.status = 'available_for_pickup' AND s.pickup_until >= ?)`;

/**
 * Each kind as a query of (shipment_id, kind, since), each reading through an index of its own: the
 * status index, the promise's, the histories' per shipment, the open requests'.
 */
function kindQuery(kind: ExceptionKind, clock: Clock): { sql: string; args: InValue[] } {
  switch (kind) {
    case 'failed':
    case 'exception': {
      const status = kind === 'failed' ? 'delivery_failed' : 'exception';
      // A failed attempt with another one scheduled from today on is planned for; it returns if the day passes.
      return {
        sql: `SELECT s.id AS shipment_id, '${kind}' AS kind,
                coalesce((SELECT max(h.created_at) FROM shipment_histories h
                          WHERE h.shipment_id = s.id AND h.status = s.status), s.updated_at) AS since
              FROM shipments s
              WHERE s.status = '${status}' AND (s.next_attempt_on IS NULL OR s.next_attempt_on < ?)`,
        args: [clock.today],
      };
    }
    case 'on_hold':
      // Since the first on-hold entry after the last entry of another status: when this hold began.
      return {
        sql: `SELECT shipment_id, 'on_hold' AS kind, since FROM (
                SELECT s.id AS shipment_id,
                  coalesce((SELECT min(h.created_at) FROM shipment_histories h
                            WHERE h.shipment_id = s.id AND h.status = 'on_hold'
                              AND h.id > coalesce((SELECT max(o.id) FROM shipment_histories o
                                                   WHERE o.shipment_id = s.id AND o.status <> 'on_hold'), 0)),
                           s.updated_at) AS since
                FROM shipments s WHERE s.status = 'on_hold')
              WHERE since <= ?`,
        args: [clock.holdCutoff],
      };
    case 'late':
      return {
        sql: `SELECT s.id AS shipment_id, 'late' AS kind, date(s.estimated_delivery, '+1 day') || 'T00:00:00.000Z' AS since
              FROM shipments s
              WHERE s.estimated_delivery < ? AND s.status NOT IN (${FINAL}) AND NOT ${WAITING}`,
        args: [clock.today, ...FINAL_STATUSES, clock.today],
      };
    case 'silent':
      return {
        sql: `SELECT shipment_id, 'silent' AS kind, since FROM (
                SELECT s.id AS shipment_id,
                  coalesce((SELECT max(h.created_at) FROM shipment_histories h WHERE h.shipment_id = s.id),
                           s.created_at) AS since
                FROM shipments s WHERE s.status NOT IN (${FINAL}) AND NOT ${WAITING})
              WHERE since <= ?`,
        args: [...FINAL_STATUSES, clock.today, clock.silentCutoff],
      };
    case 'request':
      return {
        sql: `SELECT r.shipment_id, 'request' AS kind, min(r.created_at) AS since
              FROM delivery_requests r WHERE r.handled_at IS NULL GROUP BY r.shipment_id`,
        args: [],
      };
  }
}

/** The listed shipments, one row per shipment and kind, of one kind or all. */
function listed(kind: ExceptionKind | undefined, clock: Clock) {
  const parts = (kind ? [kind] : EXCEPTION_KINDS).map((each) => kindQuery(each, clock));
  return { sql: parts.map((part) => part.sql).join('\nUNION ALL\n'), args: parts.flatMap((part) => part.args) };
}

const clockAt = (now: Date, zone: string): Clock => ({
  today: dateIn(zone, now.getTime()),
  holdCutoff: new Date(now.getTime() - ON_HOLD_FOR).toISOString(),
  silentCutoff: new Date(now.getTime() - SILENT_FOR).toISOString(),
});

/** How many shipments each kind lists now: the queue's tabs and the dashboard's links. */
function countsStatement(clock: Clock): InStatement {
  const all = listed(undefined, clock);
  return { sql: `SELECT kind, count(*) AS count FROM (${all.sql}) GROUP BY kind`, args: all.args };
}

const countRowSchema = z.object({ kind: z.enum(EXCEPTION_KINDS), count: z.number().int() });

export function countsFrom(rows: Parameters<typeof decodeRows>[1]): ExceptionCounts {
  const counts = Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, 0])) as ExceptionCounts;
  for (const { kind, count } of decodeRows(countRowSchema, rows)) counts[kind] = count;
  return counts;
}

/** One page of the queue, oldest first (what has waited longest), with its total and every kind's count. */
export async function listExceptions(
  db: Client,
  query: { kind?: ExceptionKind | undefined; page: number; limit: number },
  now = new Date(),
): Promise<{ rows: ExceptionRow[]; total: number; counts: ExceptionCounts }> {
  const { results } = await batchInCompanyZone(db, (zone) => {
    const clock = clockAt(now, zone);
    const chosen = listed(query.kind, clock);
    const grouped = `SELECT shipment_id, json_group_array(kind) AS kinds, min(since) AS since
                     FROM (${chosen.sql}) GROUP BY shipment_id`;
    return [
      {
        sql: `SELECT s.tracking_number, s.status, q.kinds, q.since, s.recipient_name, s.destination,
                s.estimated_delivery, s.next_attempt_on,
                CASE WHEN s.status IN ('delivery_failed', 'exception') THEN r.reason END AS reason,
                CASE WHEN s.status IN ('delivery_failed', 'exception') AND r.reason = 'other' THEN r.notes END AS reason_note,
                (SELECT json_object('action', a.action, 'by', a.actor_name, 'at', a.created_at, 'note', a.note)
                 FROM exception_actions a WHERE a.shipment_id = s.id ORDER BY a.created_at DESC, a.id DESC LIMIT 1) AS handled,
                (SELECT json_object('kind', d.kind, 'delivery_day', d.delivery_day, 'instructions', d.instructions,
                                    'created_at', d.created_at)
                 FROM delivery_requests d WHERE d.shipment_id = s.id AND d.handled_at IS NULL
                 ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS open_request
              FROM (${grouped}) q JOIN shipments s ON s.id = q.shipment_id
              LEFT JOIN shipment_histories r ON r.id = (SELECT h.id FROM shipment_histories h
                WHERE h.shipment_id = s.id AND h.reason IS NOT NULL ORDER BY h.created_at DESC, h.id DESC LIMIT 1)
              ORDER BY q.since, s.id LIMIT ? OFFSET ?`,
        args: [...chosen.args, query.limit, (query.page - 1) * query.limit],
      },
      { sql: `SELECT count(DISTINCT shipment_id) AS total FROM (${chosen.sql})`, args: chosen.args },
      countsStatement(clock),
    ];
  });
  const [page, total, counts] = results;
  if (!page || !total || !counts) throw new Error('The queue batch answers three results');
  return {
    rows: decodeRows(queueRowSchema, page.rows),
    total: Number(total.rows[0]?.total ?? 0),
    counts: countsFrom(counts.rows),
  };
}

/** Counts alone, for the dashboard's batch (built for its zone). */
export const exceptionCountsStatement = (now: Date, zone: string) => countsStatement(clockAt(now, zone));

const json = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .nullable()
    .transform((text) => (text === null ? null : (JSON.parse(text) as unknown)))
    .pipe(schema);

/** A row as the statement answers it: its JSON columns parsed, then checked. */
const queueRowSchema = exceptionRowSchema.extend({
  kinds: json(exceptionRowSchema.shape.kinds),
  handled: json(exceptionRowSchema.shape.handled),
  open_request: json(exceptionRowSchema.shape.open_request),
});
