import type { InStatement } from '@libsql/client';
import { z } from 'zod';
import { pieceBarcode, totalWeight } from '@/lib/pieces';
import { type Piece, type PieceInput, pieceSchema } from '@/lib/schemas/shipment/pieces';
import type { Filter } from './keyset';
import { decodeRows } from './rows';
import { placeholders } from './sql';

/**
 * A shipment's pieces: the one writer of `shipment_pieces` (besides the migration's triggers, which give every
 * new shipment its first piece and deliver or reopen all pieces with the shipment). Each function answers
 * statements for its caller's batch, so pieces change in the same transaction as their shipment.
 */

const ofShipment = 'shipment_id = (SELECT id FROM shipments WHERE tracking_number = ?)';

/**
 * Sets a shipment's pieces to those given (1..n): each number's weight and sides are replaced (a delivered
 * piece stays delivered), pieces past n are removed, and the shipment's weight becomes their total.
 */
export function setPiecesStatements(trackingNumber: string, pieces: PieceInput[]): InStatement[] {
  return [
    ...pieces.map((piece, index) => ({
      sql: `INSERT INTO shipment_pieces (shipment_id, number, weight, length_cm, width_cm, height_cm)
            SELECT id, ?, ?, ?, ?, ? FROM shipments WHERE tracking_number = ?
            ON CONFLICT (shipment_id, number) DO UPDATE SET weight = excluded.weight,
              length_cm = excluded.length_cm, width_cm = excluded.width_cm, height_cm = excluded.height_cm`,
      args: [
        index + 1,
        piece.weight ?? null,
        piece.length ?? null,
        piece.width ?? null,
        piece.height ?? null,
        trackingNumber,
      ],
    })),
    { sql: `DELETE FROM shipment_pieces WHERE ${ofShipment} AND number > ?`, args: [trackingNumber, pieces.length] },
    {
      sql: 'UPDATE shipments SET weight = ? WHERE tracking_number = ?',
      args: [totalWeight(pieces.map((piece) => ({ weight: piece.weight ?? null }))), trackingNumber],
    },
  ];
}

/**
 * A new shipment of `count` pieces whose weights are not known apart (a pickup booked by its pieces and their
 * total): pieces 2..count beside the first, every piece unweighed, the shipment keeping its total. Nothing
 * for a single piece. `when` guards them like the shipment's own insert.
 */
export function unweighedPiecesStatements(trackingNumber: string, count: number, when: Filter): InStatement[] {
  if (count <= 1) return [];
  return [
    {
      sql: `UPDATE shipment_pieces SET weight = NULL WHERE ${ofShipment} AND ${when.sql}`,
      args: [trackingNumber, ...when.args],
    },
    {
      sql: `WITH RECURSIVE n(number) AS (SELECT 2 UNION ALL SELECT number + 1 FROM n WHERE number < ?)
            INSERT INTO shipment_pieces (shipment_id, number)
            SELECT s.id, n.number FROM shipments s, n WHERE s.tracking_number = ? AND ${when.sql}`,
      args: [count, trackingNumber, ...when.args],
    },
  ];
}

/** A single piece follows its shipment's weight when staff correct the weight alone. */
export const singlePieceWeightStatement = (trackingNumber: string, weight: number | null): InStatement => ({
  sql: `UPDATE shipment_pieces SET weight = ? WHERE ${ofShipment}
          AND (SELECT count(*) FROM shipment_pieces p WHERE p.shipment_id = shipment_pieces.shipment_id) = 1`,
  args: [weight, trackingNumber],
});

/** A shipment's pieces in order, for the batch that reads the whole shipment. */
export const selectPieces = (trackingNumber: string): InStatement => ({
  sql: `SELECT p.number, p.weight, p.length_cm, p.width_cm, p.height_cm, p.delivered_at
        FROM shipments s JOIN shipment_pieces p ON p.shipment_id = s.id
        WHERE s.tracking_number = ? ORDER BY p.number`,
  args: [trackingNumber],
});

/** A piece's sides as their columns name them, read as the API names them. */
const sides = {
  length_cm: z.number().nullable(),
  width_cm: z.number().nullable(),
  height_cm: z.number().nullable(),
};
const measured = <T extends { length_cm: number | null; width_cm: number | null; height_cm: number | null }>({
  length_cm,
  width_cm,
  height_cm,
  ...rest
}: T) => ({ ...rest, length: length_cm, width: width_cm, height: height_cm });

const pieceRow = pieceSchema.omit({ barcode: true, length: true, width: true, height: true }).extend(sides);

/** The pieces a `selectPieces` read, each with its barcode. */
export function piecesFrom(trackingNumber: string, rows: Parameters<typeof decodeRows>[1]): Piece[] {
  return decodeRows(pieceRow, rows).map((row) => ({
    ...measured(row),
    barcode: pieceBarcode(trackingNumber, row.number),
  }));
}

/** A piece delivered by a scan: which piece, and the scan's sender and event id, which mark it as this scan's. */
export interface PieceDelivery {
  tracking_number: string;
  piece: number;
  /** The scan's sender and event id. */
  by: string;
  at: string;
}

/** SQL true when this scan is the one that delivered the piece (its argument list: `deliveredByThis.args`). */
export const deliveredByThis = (delivery: PieceDelivery) => ({
  sql: `EXISTS (SELECT 1 FROM shipment_pieces WHERE ${ofShipment} AND number = ? AND delivered_by = ?)`,
  args: [delivery.tracking_number, delivery.piece, delivery.by],
});

/** SQL true while some piece of the shipment is not delivered (argument: the tracking number). */
export const PIECES_OUTSTANDING = `EXISTS (SELECT 1 FROM shipment_pieces WHERE ${ofShipment} AND delivered_at IS NULL)`;

/**
 * Marks the piece delivered, once: only a scan that finds it undelivered sets it (and its own mark), so of twenty
 * identical scans at once one delivers it, and the rest of each scan's batch asks `deliveredByThis`.
 */
export const deliverPieceStatement = (delivery: PieceDelivery): InStatement => ({
  sql: `UPDATE shipment_pieces SET delivered_at = ?, delivered_by = ?
        WHERE ${ofShipment} AND number = ? AND delivered_at IS NULL`,
  args: [delivery.at, delivery.by, delivery.tracking_number, delivery.piece],
});

/** The pieces of several shipments, for the waybills' batch. */
export const selectPiecesOf = (numbers: readonly string[]): InStatement => ({
  sql: `SELECT s.tracking_number, p.number, p.weight, p.length_cm, p.width_cm, p.height_cm
        FROM shipments s JOIN shipment_pieces p ON p.shipment_id = s.id
        WHERE s.tracking_number IN (${placeholders(numbers)}) ORDER BY s.tracking_number, p.number`,
  args: [...numbers],
});

const labelRow = pieceSchema
  .omit({ barcode: true, delivered_at: true, length: true, width: true, height: true })
  .extend({ ...sides, tracking_number: z.string() });

/** The pieces a `selectPiecesOf` read, by tracking number, each with its barcode. */
export function pieceLabelRows(rows: Parameters<typeof decodeRows>[1]) {
  const byShipment = new Map<string, Array<Omit<Piece, 'delivered_at'>>>();
  for (const { tracking_number, ...row } of decodeRows(labelRow, rows)) {
    const labels = byShipment.get(tracking_number) ?? [];
    labels.push({ ...measured(row), barcode: pieceBarcode(tracking_number, row.number) });
    byShipment.set(tracking_number, labels);
  }
  return byShipment;
}
