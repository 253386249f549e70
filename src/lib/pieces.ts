/**
 * A shipment's pieces: each parcel's barcode (the tracking number, "-" and the piece's number: a tracking
 * number is always 12 characters, so the suffix never blurs into it), and the weights derived from them.
 */
import { TRACKING_NUMBER_PATTERN } from './tracking-number';

/** Pieces one shipment may have. */
export const PIECES_MAX = 99;

/** Centimetres cubed per kilogram of volumetric weight (the usual courier divisor). */
export const VOLUMETRIC_DIVISOR = 5000;

/** A piece's own barcode value, e.g. NEC123456789-2. */
export const pieceBarcode = (trackingNumber: string, number: number) => `${trackingNumber}-${number}`;

const PIECE_CODE = /^(NEC[A-Z0-9]{9})-([1-9]\d{0,2})$/;

/** What a scanned code names: the shipment, and the piece when it is a piece's barcode (null: the whole shipment). */
export function parseScanCode(code: string): { tracking_number: string; piece: number | null } | null {
  if (TRACKING_NUMBER_PATTERN.test(code)) return { tracking_number: code, piece: null };
  const match = PIECE_CODE.exec(code);
  return match ? { tracking_number: match[1] as string, piece: Number(match[2]) } : null;
}

interface Measured {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}

const rounded = (kg: number) => Math.round(kg * 100) / 100;

/** The pieces' total weight in kg; null when no piece has one. */
export function totalWeight(pieces: ReadonlyArray<Pick<Measured, 'weight'>>): number | null {
  const weights = pieces.flatMap((piece) => (piece.weight === null ? [] : [piece.weight]));
  return weights.length === 0 ? null : rounded(weights.reduce((sum, weight) => sum + weight, 0));
}

/** The pieces' volumetric weight in kg (L×W×H cm / divisor, summed); null when no piece has all three sides. */
export function volumetricWeight(pieces: readonly Measured[]): number | null {
  const volumes = pieces.flatMap(({ length, width, height }) =>
    length === null || width === null || height === null ? [] : [length * width * height],
  );
  return volumes.length === 0 ? null : rounded(volumes.reduce((sum, volume) => sum + volume, 0) / VOLUMETRIC_DIVISOR);
}

/** "2 of 3 pieces delivered", for a shipment of several pieces some of which are delivered; else null. */
export function piecesDeliveredText(delivered: number, total: number): string | null {
  return total > 1 && delivered > 0 && delivered < total ? `${delivered} of ${total} pieces delivered` : null;
}

type Given = { [K in keyof Measured]?: Measured[K] | undefined };

/** A piece in words, as a record of changes keeps it: "5 kg, 40×30×20 cm". */
function pieceText(piece: Given): string {
  const sides = [piece.length, piece.width, piece.height];
  return [
    piece.weight == null ? null : `${piece.weight} kg`,
    sides.every((side) => side != null) ? `${sides.join('×')} cm` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The pieces in words: "2 pieces: 5 kg, 40×30×20 cm; 2 kg". */
export function piecesText(pieces: readonly Given[]): string {
  const count = `${pieces.length} ${pieces.length === 1 ? 'piece' : 'pieces'}`;
  const each = pieces.map(pieceText);
  return each.some(Boolean) ? `${count}: ${each.map((text) => text || 'unmeasured').join('; ')}` : count;
}
