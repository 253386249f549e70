import type { Client, InStatement, InValue } from '@libsql/client';
import type { z } from 'zod';
import { formatPlace, parsePlace } from '@/lib/place';
import type { shipmentRecordSchema } from '@/lib/schemas/shipment/record';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { type DeliveryReason, type ShipmentStatus, statusLabel } from '@/lib/shipment-status';
import { type StaffUser, shipmentActivity } from './activity';
import type { ErasedPerson } from './activity-forget';
import type { SqlPart } from './notification-settings';
import { statusUpdateMail } from './outbox';
import { deliveredByThis, deliverPieceStatement, PIECES_OUTSTANDING } from './pieces';
import { fromBatch, readShipment, SHIPMENT_COLUMNS, shipmentNotFound } from './shipment-read';
import { placeholders } from './sql';

/**
 * The statements that write a shipment, shared by creation, edits, scans, the erasure and the demo seed:
 * each joins its caller's batch, so a change and its history, log and email are one transaction.
 */

/**
 * What an INSERT sets: every column but the id, and but the reference, which only an import sets (so a
 * shipment made by hand, or by the seed on an older schema, names no column it does not write).
 */
const INSERT_COLUMNS = SHIPMENT_COLUMNS.filter((column) => column !== 'id' && column !== 'reference');

type ShipmentRecordInput = z.input<typeof shipmentRecordSchema>;

/** A shipment row to insert: the NOT NULL columns, and any others but the reference (absent ones are stored as null). */
export type ShipmentInsert = {
  [K in keyof Omit<ShipmentRecordInput, 'id' | 'reference'>]?: ShipmentRecordInput[K] | undefined;
} & Pick<
  ShipmentRecordInput,
  | 'tracking_number'
  | 'status'
  | 'sender_name'
  | 'recipient_name'
  | 'recipient_address'
  | 'origin'
  | 'destination'
  | 'created_at'
  | 'updated_at'
>;

/**
 * The INSERT of a shipment row (creation, the demo seed, an accepted quote), made only `when` a condition
 * holds if one is given.
 */
export function insertShipmentStatement(
  row: ShipmentInsert,
  when: { sql: string; args: InValue[] } = { sql: '1', args: [] },
): InStatement {
  const values: Record<string, InValue | undefined> = row;
  return {
    sql: `INSERT INTO shipments (${INSERT_COLUMNS.join(', ')}) SELECT ${placeholders(INSERT_COLUMNS)} WHERE ${when.sql}`,
    args: [...INSERT_COLUMNS.map((column) => values[column] ?? null), ...when.args],
  };
}

/**
 * The INSERT of an imported shipment with its customer's own reference: nothing when that reference is already
 * there (for the same customer, or among shipments without one), so a row imported again creates nothing.
 */
export function insertReferencedShipmentStatement(row: ShipmentInsert, reference: string): InStatement {
  const values: Record<string, InValue | undefined> = row;
  return {
    sql: `INSERT INTO shipments (${INSERT_COLUMNS.join(', ')}, reference) VALUES (${placeholders(INSERT_COLUMNS)}, ?)
          ON CONFLICT (coalesce(customer_id, ''), reference) WHERE reference IS NOT NULL DO NOTHING`,
    args: [...INSERT_COLUMNS.map((column) => values[column] ?? null), reference],
  };
}

/** A history entry as written: staff's note (or none), and where it happened when known. */
export interface HistoryEntryInput {
  notes: string | null;
  created_at: string;
  status?: ShipmentStatus;
  /** "City, Country" or a country, split into the entry's location columns. */
  place?: string | null;
  expected_arrival?: string | null;
  /** Why an attempt failed or the shipment is an exception. */
  reason?: DeliveryReason | null;
}

/**
 * A history entry for the shipment, for the same batch as the write: with the given status, or the
 * shipment's status as the batch has left it. Inserted from the shipment's row, so only when it exists.
 */
export function historyEntryStatement(
  trackingNumber: string,
  entry: HistoryEntryInput,
  when: SqlPart = { sql: '1', args: [] },
): InStatement {
  const { status, notes, created_at, place, expected_arrival = null, reason = null } = entry;
  const location = place ? parsePlace(place) : { city: null, country: null };
  // The reason column is named only when there is one, so the seed's entries also fit the schemas from
  // before it (the migration tests seed those).
  return {
    sql: `INSERT INTO shipment_histories
            (shipment_id, status, notes, location_city, location_country, expected_arrival, ${reason ? 'reason, ' : ''}created_at)
          SELECT id, ${status === undefined ? 'status' : '?'}, ?, ?, ?, ?, ${reason ? '?, ' : ''}? FROM shipments
          WHERE tracking_number = ? AND ${when.sql}`,
    args: [
      ...(status === undefined ? [] : [status]),
      notes,
      location.city,
      location.country,
      expected_arrival,
      ...(reason ? [reason] : []),
      created_at,
      trackingNumber,
      ...when.args,
    ],
  };
}

/** A staff note on the shipment, for the same batch as the write (the seed's notes have no author). */
export function noteStatement(
  trackingNumber: string,
  note: { text: string; created_at: string; author: StaffUser | null },
): InStatement {
  return {
    sql: `INSERT INTO shipment_notes (shipment_id, author_id, author_email, text, created_at)
          SELECT id, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
    args: [note.author?.id ?? null, note.author?.email ?? null, note.text, note.created_at, trackingNumber],
  };
}

/**
 * Runs a write that changes one existing shipment: the statements, then the shipment read back in the
 * same transaction. The statement at `updateAt` (the first by default) must be the UPDATE; 404 when it
 * matched nothing.
 */
export async function writeShipment(
  db: Client,
  trackingNumber: string,
  statements: InStatement[],
  updateAt = 0,
): Promise<Shipment> {
  const results = await db.batch([...statements, ...readShipment(trackingNumber)], 'write');
  const shipment = fromBatch(results);
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  if (results[updateAt]!.rowsAffected === 0 || !shipment) throw shipmentNotFound();
  return shipment;
}

/** A scan from a device or a bulk upload (`POST /api/scans`), as the scans module applies it. */
export interface ScanInput {
  tracking_number: string;
  status?: ShipmentStatus | undefined;
  reason?: DeliveryReason | undefined;
  location?: string | null | undefined;
  note?: string | null | undefined;
  /** When the scan happened: the time of its history entry. */
  scanned_at: string;
}

/**
 * A scan's writes, for the scans module's batch: a current scan sets the status and location it
 * carries, adds one history entry at the scan's time, logs it and emails a status change; a scan
 * older than the shipment's latest entry only adds its history entry (and its log line), so a late
 * upload never overwrites a newer state. Its email is due when it is `received`.
 */
export function scanStatements(scan: ScanInput, actor: StaffUser, current: boolean, received: string): InStatement[] {
  const { tracking_number: trackingNumber, status, reason, note, scanned_at: time } = scan;
  const parsed = scan.location ? parsePlace(scan.location) : null;
  const place = parsed ? formatPlace(parsed.city, parsed.country) : null;
  const did = [
    status ? `status ${statusLabel(status)}` : null,
    place ? `location ${place}` : null,
    note ? 'a note' : null,
  ].filter(Boolean);
  const action = !current ? 'scan_recorded' : status ? 'status_changed' : place ? 'location_changed' : 'scan_recorded';
  return [
    ...(current
      ? [
          {
            sql: `UPDATE shipments SET status = coalesce(?, status), current_location = coalesce(?, current_location),
                    updated_at = max(updated_at, ?) WHERE tracking_number = ?`,
            args: [status ?? null, place, time, trackingNumber],
          },
        ]
      : []),
    historyEntryStatement(trackingNumber, {
      notes: note ?? null,
      place,
      created_at: time,
      reason: reason ?? null,
      ...(status ? { status } : {}),
    }),
    shipmentActivity(
      actor,
      action,
      trackingNumber,
      `Scan${current ? '' : ' (older than the latest entry: history only)'}: ${did.join(', ')}`,
      time,
    ),
    ...(current && status ? statusUpdateMail(trackingNumber, note ?? null, time, received) : []),
  ];
}

/**
 * A piece's delivery scan, for the scans module's batch: the piece is delivered once (whichever of several
 * identical scans gets there first). While other pieces are out, the history says which piece arrived; the
 * scan that delivers the last one makes the shipment delivered, with one history entry, log line and email.
 */
export function pieceDeliveryStatements(
  scan: ScanInput & { piece: number },
  pieces: number,
  by: string,
  actor: StaffUser,
  received: string,
): InStatement[] {
  const { tracking_number: trackingNumber, piece, scanned_at: time } = scan;
  const parsed = scan.location ? parsePlace(scan.location) : null;
  const place = parsed ? formatPlace(parsed.city, parsed.country) : null;
  const mine = deliveredByThis({ tracking_number: trackingNumber, piece, by, at: time });
  const someOut = { sql: `${mine.sql} AND ${PIECES_OUTSTANDING}`, args: [...mine.args, trackingNumber] };
  const last = { sql: `${mine.sql} AND NOT ${PIECES_OUTSTANDING}`, args: [...mine.args, trackingNumber] };
  const said = (text: string) => [text, scan.note].filter(Boolean).join(': ');
  const arrived = said(`Piece ${piece} of ${pieces} delivered`);
  return [
    deliverPieceStatement({ tracking_number: trackingNumber, piece, by, at: time }),
    historyEntryStatement(trackingNumber, { notes: arrived, place, created_at: time }, someOut),
    shipmentActivity(actor, 'scan_recorded', trackingNumber, `Scan: ${arrived}`, time, someOut),
    {
      sql: `UPDATE shipments SET status = 'delivered', current_location = coalesce(?, current_location),
              updated_at = max(updated_at, ?), next_attempt_on = NULL, pickup_depot = NULL, pickup_until = NULL
            WHERE tracking_number = ? AND status <> 'delivered' AND ${last.sql}`,
      args: [place, time, trackingNumber, ...last.args],
    },
    historyEntryStatement(
      trackingNumber,
      {
        notes: said(pieces > 1 ? `All ${pieces} pieces delivered` : '') || null,
        place,
        created_at: time,
        status: 'delivered',
      },
      last,
    ),
    shipmentActivity(actor, 'status_changed', trackingNumber, 'Scan: status Delivered (the last piece)', time, last),
    ...statusUpdateMail(trackingNumber, scan.note ?? null, time, received, last),
  ];
}

/** The fields that hold a sender's or recipient's personal data. */
const SENDER_FIELDS = ['sender_name', 'sender_email', 'sender_phone', 'sender_address'];
const RECIPIENT_FIELDS = ['recipient_name', 'recipient_mail', 'recipient_phone', 'recipient_address'];

/**
 * The erasure's statements for shipments, which are kept: on the person's shipments (linked to them, or
 * sent from their email) the sender becomes `erasedName` with no email, phone or address; where the
 * recipient is them (their name or email), likewise, the address becoming the destination (the city the
 * public page shows). Their values leave the record of changes of those shipments first.
 */
export function eraseFromShipments(person: ErasedPerson & { phone: string | null }, erasedName: string): InStatement[] {
  const { live } = person;
  const sender = {
    sql: `(customer_id = ? OR (sender_email IS NOT NULL AND lower(sender_email) = lower(?)))`,
    args: [person.id, person.email ?? ''],
  };
  const recipient = {
    sql: `(customer_id = ? OR (recipient_mail IS NOT NULL AND lower(recipient_mail) = lower(?)))
          AND (lower(recipient_name) = lower(?) OR lower(recipient_mail) = lower(?) OR recipient_phone = ?)`,
    args: [person.id, person.email ?? '', person.name, person.email ?? '', person.phone ?? ''],
  };
  const changesOf = (fields: string[], where: { sql: string; args: InValue[] }): InStatement => ({
    sql: `UPDATE shipment_changes SET
            old_value = CASE WHEN old_value IS NULL THEN NULL ELSE 'Erased' END,
            new_value = CASE WHEN new_value IS NULL THEN NULL ELSE 'Erased' END
          WHERE field IN (${placeholders(fields)})
            AND shipment_id IN (SELECT id FROM shipments WHERE ${where.sql}) AND ${live.sql}`,
    args: [...fields, ...where.args, ...live.args],
  });
  return [
    changesOf(SENDER_FIELDS, sender),
    changesOf(RECIPIENT_FIELDS, recipient),
    {
      sql: `UPDATE shipments SET recipient_name = ?, recipient_mail = NULL, recipient_phone = NULL,
              recipient_address = destination
            WHERE ${recipient.sql} AND ${live.sql}`,
      args: [erasedName, ...recipient.args, ...live.args],
    },
    {
      sql: `UPDATE shipments SET sender_name = ?, sender_email = NULL, sender_phone = NULL, sender_address = NULL
            WHERE ${sender.sql} AND ${live.sql}`,
      args: [erasedName, ...sender.args, ...live.args],
    },
  ];
}
