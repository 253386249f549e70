import type { Client, InStatement, ResultSet } from '@libsql/client';
import { SHIPMENT_NOT_FOUND } from '@/lib/api/shipments';
import { NEXT_STEP_COLUMNS } from '@/lib/schemas/shipment/next-step';
import { shipmentRecordSchema } from '@/lib/schemas/shipment/record';
import { type Shipment, shipmentSchema } from '@/lib/schemas/shipment/shipment';
import { HttpError } from './http';
import { piecesFrom, selectPieces } from './pieces';
import { decodeRow } from './rows';

/** Reading a whole shipment: its record, pieces, histories, staff notes and changes, in one batch. */

/** The histories of a shipment, oldest first. */
const selectHistories = (trackingNumber: string): InStatement => ({
  sql: `SELECT h.id, h.status, h.created_at, h.notes, h.location_city, h.location_country, h.expected_arrival, h.reason
        FROM shipments s JOIN shipment_histories h ON h.shipment_id = s.id
        WHERE s.tracking_number = ?
        ORDER BY h.created_at, h.id`,
  args: [trackingNumber],
});

/** The staff notes of a shipment, oldest first. Staff reads only: the public lookups never select them. */
const selectNotes = (trackingNumber: string): InStatement => ({
  sql: `SELECT n.id, n.author_email AS author, n.created_at, n.text
        FROM shipments s JOIN shipment_notes n ON n.shipment_id = s.id
        WHERE s.tracking_number = ? ORDER BY n.id`,
  args: [trackingNumber],
});

/** The changes edits made to a shipment, oldest first (staff reads only). */
const selectChanges = (trackingNumber: string): InStatement => ({
  sql: `SELECT c.id, c.field, c.old_value AS before, c.new_value AS after, c.actor_email AS author, c.created_at
        FROM shipments s JOIN shipment_changes c ON c.shipment_id = s.id
        WHERE s.tracking_number = ? ORDER BY c.id`,
  args: [trackingNumber],
});

/** The columns of a shipment row, in schema order (id first). */
export const SHIPMENT_COLUMNS = Object.keys(shipmentRecordSchema.shape);
export const shipmentNotFound = () => new HttpError(404, SHIPMENT_NOT_FOUND);

const selectShipment = (trackingNumber: string): InStatement => ({
  sql: `SELECT ${[...SHIPMENT_COLUMNS, ...NEXT_STEP_COLUMNS].join(', ')} FROM shipments WHERE tracking_number = ?`,
  args: [trackingNumber],
});

/** The statements that read a whole shipment; a batch ending with them is read back by fromBatch. */
export const readShipment = (trackingNumber: string): InStatement[] => [
  selectShipment(trackingNumber),
  selectHistories(trackingNumber),
  selectNotes(trackingNumber),
  selectChanges(trackingNumber),
  selectPieces(trackingNumber),
];

/** Reads a shipment from the last results of a batch that ends with readShipment. */
export function fromBatch(results: ResultSet[]): Shipment | null {
  const [shipments, histories, notes, changes, pieces] = results.slice(-readShipment('').length);
  const row = shipments?.rows[0];
  if (!row) return null;
  // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
  const texts = notes!.rows.map((note) => note.text).join('\n\n');
  return decodeRow(shipmentSchema, {
    ...row,
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    histories: histories!.rows,
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    notes: notes!.rows,
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    changes: changes!.rows,
    // biome-ignore lint/style/noNonNullAssertion: db.batch answers one result per statement, and this one is in the batch
    pieces: piecesFrom(String(row.tracking_number), pieces!.rows),
    admin_notes: texts || null,
  });
}

/** The whole shipment (every record field, histories and staff notes oldest first), or null. */
export async function findShipment(db: Client, trackingNumber: string): Promise<Shipment | null> {
  return fromBatch(await db.batch(readShipment(trackingNumber), 'read'));
}

/** The whole shipment, or a 404. */
export async function requireShipment(db: Client, trackingNumber: string): Promise<Shipment> {
  const shipment = await findShipment(db, trackingNumber);
  if (!shipment) throw shipmentNotFound();
  return shipment;
}
