import { optionalDate } from './dates';

// The deprecated `eta` field of the add dialog and the edit dialog's save, until the admin moves off it.

/** `eta` is the former name of `estimated_delivery` (a date, never the next arrival); accepted until the admin moves. */
export const deprecatedEta = optionalDate.meta({
  deprecated: true,
  description: 'Former name of estimated_delivery; used only when estimated_delivery is absent.',
});

/** Folds the deprecated `eta` into `estimated_delivery`. */
export function withoutEta<
  T extends { eta?: string | null | undefined; estimated_delivery?: string | null | undefined },
>({ eta, ...rest }: T): Omit<T, 'eta'> {
  return rest.estimated_delivery === undefined && eta !== undefined ? { ...rest, estimated_delivery: eta } : rest;
}
