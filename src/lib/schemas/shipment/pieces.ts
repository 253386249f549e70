import { z } from 'zod';
import { PIECES_MAX, totalWeight } from '@/lib/pieces';
import { blankToUndefined } from '../fields';

// A shipment's pieces as the forms send them and the staff reads answer them.

/** A non-negative measure; form inputs may send it as numeric text, and blank is "not given". */
const measure = (max: number) =>
  z.preprocess((value) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' && !Number.isNaN(Number(given)) ? Number(given) : given;
  }, z
    .number({ error: 'Must be a number' })
    .nonnegative('Must not be negative')
    .max(max, `Must be at most ${max}`)
    .nullable()
    .optional());

/** One piece as given: its weight (kg) and sides (cm), each optional. */
const pieceInputSchema = z.object({
  weight: measure(100_000).meta({ description: 'kg' }),
  length: measure(10_000).meta({ description: 'cm' }),
  width: measure(10_000).meta({ description: 'cm' }),
  height: measure(10_000).meta({ description: 'cm' }),
});
export type PieceInput = z.infer<typeof pieceInputSchema>;

/** Pieces 1..n in order; the shipment's weight becomes their total. */
export const piecesInputSchema = z
  .array(pieceInputSchema, { error: 'Must be a list of pieces' })
  .min(1, 'A shipment has at least one piece')
  .max(PIECES_MAX, `At most ${PIECES_MAX} pieces`)
  .meta({
    description:
      "The shipment's pieces in order, each with its weight (kg) and dimensions (cm). Without it, the shipment is one piece of `weight`. With it, `weight` is their total (given, it must match).",
  });

/** With pieces, a given weight must be their total (never silently replaced). */
export function weightMatchesPieces(
  input: { weight?: number | null | undefined; pieces?: PieceInput[] | undefined },
  context: z.RefinementCtx,
): void {
  if (!input.pieces || input.weight === undefined || input.weight === null) return;
  const total = totalWeight(input.pieces.map((piece) => ({ weight: piece.weight ?? null })));
  if (total !== input.weight) {
    context.addIssue({
      code: 'custom',
      path: ['weight'],
      message: `Is the total of the pieces (${total ?? 'none'}): leave it out or make it match`,
    });
  }
}

/** A piece as staff read it: its barcode value, measures and whether (when) it was delivered. */
export const pieceSchema = z.object({
  number: z.number().int(),
  barcode: z.string().meta({ description: 'The tracking number, "-" and the piece number, e.g. NEC123456789-2' }),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  delivered_at: z.string().nullable(),
});
export type Piece = z.infer<typeof pieceSchema>;
