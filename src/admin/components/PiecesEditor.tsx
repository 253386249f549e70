import {
  type ArrayPath,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { PIECES_MAX, totalWeight, VOLUMETRIC_DIVISOR, volumetricWeight } from '@/lib/pieces';
import { formatWeight } from '@/lib/weight';
import { inputClass, secondaryButtonClass } from './Field';

// The shipment forms' pieces: one row per parcel (weight and sides), added and removed, with the total and the
// volumetric weight worked out as staff type, as the server works them out.

const SIDES = [
  ['weight', 'Weight (kg)'],
  ['length', 'Length (cm)'],
  ['width', 'Width (cm)'],
  ['height', 'Height (cm)'],
] as const;
type Measure = (typeof SIDES)[number][0];

/** A piece as its inputs hold it (text, or a number from the stored value). */
export type PieceValues = Partial<Record<Measure, string | number | null>>;
export const EMPTY_PIECE: PieceValues = { weight: '', length: '', width: '', height: '' };

/** A typed measure as a number, or null when blank or not a number. */
const number = (value: unknown) => {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** A stored piece as the editor's inputs start from it. */
export const pieceValues = (piece: Record<Measure, number | null>): PieceValues => ({
  weight: piece.weight ?? '',
  length: piece.length ?? '',
  width: piece.width ?? '',
  height: piece.height ?? '',
});

/** The pieces editor of a form whose values hold `pieces`. */
export function PiecesEditor<T extends FieldValues>({
  control,
  register,
  errors,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const name = 'pieces' as ArrayPath<T>;
  const { fields, append, remove } = useFieldArray({ control, name });
  const watched = (useWatch({ control, name: name as Path<T> }) ?? []) as PieceValues[];
  const measured = watched.map((piece) => ({
    weight: number(piece.weight),
    length: number(piece.length),
    width: number(piece.width),
    height: number(piece.height),
  }));
  const total = totalWeight(measured);
  const volumetric = volumetricWeight(measured);
  const pieceErrors = errors.pieces as
    | (Array<Partial<Record<Measure, { message?: string }>>> & { message?: string })
    | undefined;

  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">Pieces</legend>
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md bg-slate-50 p-2">
            <fieldset className="grid grid-cols-2 items-end gap-2 sm:grid-cols-5">
              <legend className="text-sm font-medium text-slate-800">
                Piece {index + 1} of {fields.length}
              </legend>
              {SIDES.map(([measure, label]) => {
                const message = pieceErrors?.[index]?.[measure]?.message;
                const id = `${field.id}-${measure}`;
                return (
                  <div key={measure}>
                    <label htmlFor={id} className="block text-xs font-medium text-slate-800">
                      {label}
                    </label>
                    <input
                      id={id}
                      {...register(`pieces.${index}.${measure}` as Path<T>)}
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      className={inputClass}
                      {...(message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
                    />
                    {message ? (
                      <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                        {message}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={fields.length === 1}
                onClick={() => remove(index)}
              >
                Remove piece {index + 1}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {pieceErrors?.message ? <p className="text-sm text-red-700">{pieceErrors.message}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={fields.length >= PIECES_MAX}
          onClick={() => append(EMPTY_PIECE as Parameters<typeof append>[0])}
        >
          Add piece
        </button>
        <p className="text-sm text-slate-800" aria-live="polite">
          Total weight: <strong>{total === null ? '—' : formatWeight(total)}</strong> · Volumetric weight:{' '}
          <strong>{volumetric === null ? '—' : formatWeight(volumetric)}</strong>{' '}
          <span className="text-xs text-slate-600">(L × W × H cm / {VOLUMETRIC_DIVISOR})</span>
        </p>
      </div>
    </fieldset>
  );
}
