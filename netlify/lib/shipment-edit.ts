import type { Client, InStatement, ResultSet } from '@libsql/client';
import { piecesText, totalWeight } from '@/lib/pieces';
import { addressIsIn } from '@/lib/place';
import { CORRECTION_FIELDS, type CorrectionField } from '@/lib/schemas/shipment/corrections';
import { ADDRESS_NOT_IN_DESTINATION } from '@/lib/schemas/shipment/create';
import { SHIPMENT_FIELD_LABELS } from '@/lib/schemas/shipment/field-labels';
import type { ShipmentPatchInput } from '@/lib/schemas/shipment/patch';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { statusLabel } from '@/lib/shipment-status';
import { type StaffUser, shipmentActivity } from './activity';
import { customerByReference, customerReferenceStatement } from './customers';
import { invalidInput } from './http';
import { statusUpdateMail } from './outbox';
import { setPiecesStatements, singlePieceWeightStatement } from './pieces';
import { fromBatch, readShipment, shipmentNotFound } from './shipment-read';
import { historyEntryStatement, noteStatement, writeShipment } from './shipment-statements';

/** The edit dialog's save: every field staff can correct, each change kept with its value before and after. */

/** The columns the edit dialog changes. */
type EditableColumn =
  | 'customer_id'
  | 'origin'
  | 'destination'
  | 'recipient_address'
  | 'estimated_delivery'
  | 'arrival_time'
  | 'package_type'
  | 'status'
  | CorrectionField;
type ColumnValue = string | number | null;

/**
 * One changed field as a row of shipment_changes, for the batch before its UPDATE: the value before is
 * read from the row inside the transaction, and nothing is recorded when it already has the new value
 * (a concurrent save got there first).
 */
function changeStatement(
  trackingNumber: string,
  column: EditableColumn,
  value: ColumnValue,
  actor: StaffUser,
  time: string,
): InStatement {
  return {
    sql: `INSERT INTO shipment_changes (shipment_id, field, old_value, new_value, actor_email, created_at)
          SELECT id, ?, ${column}, ?, ?, ? FROM shipments WHERE tracking_number = ? AND ${column} IS NOT ?`,
    args: [column, value, actor.email, time, trackingNumber, value],
  };
}

const SHIPMENT_READS = readShipment('').length;

/** What an edit reads in the session check's round trip: the shipment as it is, and the customer it names. */
export const editReads = (trackingNumber: string, patch: ShipmentPatchInput): InStatement[] => [
  ...readShipment(trackingNumber),
  ...(patch.customer ? [customerReferenceStatement(patch.customer)] : []),
];

/**
 * The edit dialog's save: changes only the fields given, recording each change with its value before
 * and after; a status change also appends a history entry; a note is appended to the staff notes.
 * Destination and recipient address are edited together: a new destination needs the recipient's
 * address in it, given in the same call, unless the stored address is just the old destination (a
 * quick-add shipment), which then follows it.
 */
export async function editShipment(
  db: Client,
  trackingNumber: string,
  patch: ShipmentPatchInput,
  actor: StaffUser,
  reads: ResultSet[],
  now = new Date(),
): Promise<Shipment> {
  const current = fromBatch(reads.slice(0, SHIPMENT_READS));
  if (!current) throw shipmentNotFound();
  const wanted = new Map<EditableColumn, ColumnValue>();
  if (patch.customer !== undefined) {
    const customer = reads[SHIPMENT_READS];
    if (patch.customer !== null && !customer) throw new Error('A new customer needs the answer of editReads');
    wanted.set(
      'customer_id',
      patch.customer === null || !customer ? null : customerByReference(customer, patch.customer).id,
    );
  }
  if (patch.origin !== undefined) wanted.set('origin', patch.origin);
  if (patch.destination !== undefined) wanted.set('destination', patch.destination);
  if (patch.recipient_address !== undefined) wanted.set('recipient_address', patch.recipient_address);
  if (patch.estimated_delivery !== undefined) wanted.set('estimated_delivery', patch.estimated_delivery);
  if (patch.arrival_time !== undefined) wanted.set('arrival_time', patch.arrival_time);
  if (patch.type !== undefined) wanted.set('package_type', patch.type);
  if (patch.status !== undefined) wanted.set('status', patch.status);
  for (const column of CORRECTION_FIELDS) {
    const value = patch[column];
    if (value !== undefined) wanted.set(column, value);
  }

  // The weight is the pieces' total: pieces given set it; a weight alone changes a shipment of one piece only.
  const piecesBefore = piecesText(current.pieces);
  const piecesAfter = patch.pieces ? piecesText(patch.pieces) : piecesBefore;
  if (patch.pieces) wanted.set('weight', totalWeight(patch.pieces.map((piece) => ({ weight: piece.weight ?? null }))));
  else if (patch.weight !== undefined && patch.weight !== current.weight && current.pieces.length > 1) {
    throw invalidInput({ weight: ['Is the total of the pieces: change the pieces instead'] });
  }
  const piecesChanged = piecesAfter !== piecesBefore;

  const destination = patch.destination ?? current.destination;
  let address = patch.recipient_address ?? current.recipient_address;
  if (destination !== current.destination && patch.recipient_address === undefined) {
    if (current.recipient_address !== current.destination) {
      throw invalidInput({ recipient_address: ["Enter the recipient's address in the new destination too"] });
    }
    address = destination;
    wanted.set('recipient_address', destination);
  }
  if (!addressIsIn(address, destination)) throw invalidInput({ recipient_address: [ADDRESS_NOT_IN_DESTINATION] });

  const changed = [...wanted].filter(([column, value]) => current[column] !== value);
  const note = patch.notes ?? null;
  if (changed.length === 0 && !note && !piecesChanged) return current;

  const time = now.toISOString();
  const newStatus = patch.status !== undefined && patch.status !== current.status ? patch.status : undefined;
  const edited = [
    ...changed.filter(([column]) => column !== 'status').map(([column]) => column),
    ...(piecesChanged ? ['pieces'] : []),
  ].map((column) => (SHIPMENT_FIELD_LABELS[column] ?? column).toLowerCase());
  const details = [edited.length ? `Edited ${edited.join(', ')}` : '', note ? 'added a note' : '']
    .filter(Boolean)
    .join('; ');
  const recorded = changed.map(([column, value]) => changeStatement(trackingNumber, column, value, actor, time));
  return writeShipment(
    db,
    trackingNumber,
    [
      ...recorded,
      changed.length
        ? {
            sql: `UPDATE shipments SET ${changed.map(([column]) => `${column} = ?`).join(', ')}, updated_at = ? WHERE tracking_number = ?`,
            args: [...changed.map(([, value]) => value), time, trackingNumber],
          }
        : { sql: 'UPDATE shipments SET updated_at = ? WHERE tracking_number = ?', args: [time, trackingNumber] },
      ...(piecesChanged && patch.pieces
        ? [
            {
              sql: `INSERT INTO shipment_changes (shipment_id, field, old_value, new_value, actor_email, created_at)
                    SELECT id, 'pieces', ?, ?, ?, ? FROM shipments WHERE tracking_number = ?`,
              args: [piecesBefore, piecesAfter, actor.email, time, trackingNumber],
            },
            ...setPiecesStatements(trackingNumber, patch.pieces),
          ]
        : []),
      ...(!patch.pieces && wanted.has('weight')
        ? [singlePieceWeightStatement(trackingNumber, wanted.get('weight') as number | null)]
        : []),
      ...(note ? [noteStatement(trackingNumber, { text: note, created_at: time, author: actor })] : []),
      ...(newStatus
        ? [
            historyEntryStatement(trackingNumber, { notes: null, created_at: time }),
            shipmentActivity(
              actor,
              'status_changed',
              trackingNumber,
              `Status changed to ${statusLabel(newStatus)}`,
              time,
            ),
            ...statusUpdateMail(trackingNumber, null, time),
          ]
        : []),
      ...(details
        ? [
            shipmentActivity(
              actor,
              'shipment_edited',
              trackingNumber,
              details.charAt(0).toUpperCase() + details.slice(1),
              time,
            ),
          ]
        : []),
    ],
    recorded.length,
  );
}
