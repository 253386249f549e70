import type { Client, InStatement, ResultSet } from '@libsql/client';
import { z } from 'zod';
import type { Reply } from '@/lib/api/contract';
import type { scansApi } from '@/lib/api/scans';
import { TRACKING_NOT_FOUND } from '@/lib/api/tracking';
import { SCAN_CLOCK_SKEW_MS, type ScanEvent, type ScanResult } from '@/lib/schemas/scans';
import type { StaffUser } from './activity';
import { decodeRows } from './rows';
import { pieceDeliveryStatements, scanStatements } from './shipment-statements';
import { placeholders, type SqlValue } from './sql';

/**
 * Bulk scans (`POST /api/scans`): the one writer of `scan_events`.
 *
 * One transaction per request. The events are planned against what the database holds (which event
 * ids this sender already applied, which shipments exist, each one's latest history time), then all
 * their writes go in one batch: one round trip to the database for a day of scans, where a
 * transaction per event would cost one per event. Each applied event is recorded under its sender
 * and event id, and the UNIQUE index on them means a concurrent request carrying the same events
 * makes this batch fail whole; it is then planned again and those events come out as duplicates.
 * So a retried or repeated post never adds history twice, and a post that failed changed nothing.
 */

const ATTEMPTS = 5;

/** 500 events with their notes: more than the usual 64 KB. */
export const SCANS_MAX_BYTES = 1024 * 1024;

/** The answer to a batch: each event's result, and how many came out each way. */
export function scansAnswer(results: ScanResult[]): Reply<typeof scansApi.create> {
  const count = (result: ScanResult['result']) => results.filter((item) => item.result === result).length;
  return {
    status: 'success',
    data: results,
    meta: {
      applied: count('applied'),
      history_only: count('history_only'),
      duplicate: count('duplicate'),
      not_found: count('not_found'),
      rejected: count('rejected'),
    },
  };
}

/** The shipments whose public answer changed: each scan that added history. */
export const scansChanged = (results: ScanResult[]) =>
  results.filter(({ result }) => result === 'applied' || result === 'history_only').map((item) => item.tracking_number);

const isDuplicateEvent = (error: unknown) =>
  error instanceof Error &&
  /UNIQUE constraint failed: scan_events\./.test(`${error.message} ${String(error.cause ?? '')}`);

/**
 * What planning reads (which of the events the sender already applied, the shipments they name), with
 * the sender as SQL: the first plan's reads go in the caller check's round trip.
 */
export function scanReads(events: ScanEvent[], source: SqlValue): InStatement[] {
  const ids = events.map((event) => event.event_id);
  const numbers = [...new Set(events.map((event) => event.tracking_number))];
  return [
    {
      sql: `SELECT event_id FROM scan_events WHERE source = ${source.sql} AND event_id IN (${placeholders(ids)})`,
      args: [...source.args, ...ids],
    },
    {
      sql: `SELECT s.tracking_number,
                   (SELECT max(h.created_at) FROM shipment_histories h WHERE h.shipment_id = s.id) AS latest,
                   (SELECT count(*) FROM shipment_pieces p WHERE p.shipment_id = s.id) AS pieces
            FROM shipments s WHERE s.tracking_number IN (${placeholders(numbers)})`,
      args: numbers,
    },
  ];
}

/**
 * Applies the events in order for a sender (`key:<id>` or `user:<id>`); answers each event's result.
 * `read` holds the answers of `scanReads`, made with the caller check; a plan made again reads anew.
 */
export async function applyScans(
  db: Client,
  events: ScanEvent[],
  actor: StaffUser,
  source: string,
  read: ResultSet[],
  now = new Date(),
): Promise<ScanResult[]> {
  for (let attempt = 1; ; attempt++) {
    const answers = attempt === 1 ? read : await db.batch(scanReads(events, { sql: '?', args: [source] }), 'read');
    const { results, statements } = plan(answers, events, actor, source, now);
    if (statements.length === 0) return results;
    try {
      await db.batch(statements, 'write');
      return results;
    } catch (error) {
      if (!isDuplicateEvent(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

function plan([applied, shipments]: ResultSet[], events: ScanEvent[], actor: StaffUser, source: string, now: Date) {
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const done = new Set(decodeRows(z.object({ event_id: z.string() }), applied!.rows).map((row) => row.event_id));
  const found = decodeRows(
    z.object({ tracking_number: z.string(), latest: z.string().nullable(), pieces: z.number().int() }),
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    shipments!.rows,
  );
  const latest = new Map(found.map((row) => [row.tracking_number, row.latest ?? '']));
  const pieces = new Map(found.map((row) => [row.tracking_number, row.pieces]));
  const received = now.toISOString();
  const latestAllowed = new Date(now.getTime() + SCAN_CLOCK_SKEW_MS).toISOString();

  const statements: InStatement[] = [];
  const results = events.map((event): ScanResult => {
    const base = { event_id: event.event_id, tracking_number: event.tracking_number, piece: event.piece };
    if (done.has(event.event_id)) return { ...base, result: 'duplicate', message: null };
    const last = latest.get(event.tracking_number);
    if (last === undefined) return { ...base, result: 'not_found', message: TRACKING_NOT_FOUND };
    if (event.scanned_at > latestAllowed) {
      return { ...base, result: 'rejected', message: 'scanned_at is in the future: check the device clock' };
    }
    const count = pieces.get(event.tracking_number) ?? 1;
    if (event.piece !== null && event.piece > count) {
      return { ...base, result: 'rejected', message: `This shipment has ${count} ${count === 1 ? 'piece' : 'pieces'}` };
    }
    // ISO times in UTC compare as text. A scan as old as the latest entry still counts as current.
    const current = event.scanned_at >= last;
    if (current) latest.set(event.tracking_number, event.scanned_at);
    // A piece's delivery is a fact about that piece whenever it arrives; the last one delivers the shipment.
    const deliversPiece = event.piece !== null && event.status === 'delivered';
    const outcome = current || deliversPiece ? 'applied' : 'history_only';
    statements.push(
      ...(event.piece !== null && deliversPiece
        ? pieceDeliveryStatements(
            { ...event, piece: event.piece },
            count,
            `${source}:${event.event_id}`,
            actor,
            received,
          )
        : scanStatements(withPiece(event, count), actor, current, received)),
      {
        sql: `INSERT INTO scan_events (source, event_id, shipment_id, tracking_number, piece, status, location, note,
                                       scanned_at, received_at, outcome)
              SELECT ?, ?, id, tracking_number, ?, ?, ?, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
        args: [
          source,
          event.event_id,
          event.piece,
          event.status ?? null,
          event.location ?? null,
          event.note ?? null,
          event.scanned_at,
          received,
          outcome,
          event.tracking_number,
        ],
      },
    );
    return {
      ...base,
      result: outcome,
      message: outcome === 'applied' ? null : 'Older than the latest history entry: added to the history only',
    };
  });
  return { results, statements };
}

/** A scan of one piece of several says which in its history note; the shipment takes its status as a whole. */
function withPiece(event: ScanEvent, pieces: number): ScanEvent {
  if (event.piece === null || pieces === 1) return event;
  return { ...event, note: [`Piece ${event.piece} of ${pieces}`, event.note].filter(Boolean).join(': ') };
}
