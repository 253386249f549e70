import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type FieldErrors as FormErrors,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  type UseFormSetFocus,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatDateTime } from '@/lib/date-display';
import type { FieldErrors } from '@/lib/field-errors';
import type { SettingsMeta } from '@/lib/schemas/settings';
import { ApiError } from './api/client';
import { keepDraft, takeDraft } from './drafts';
import { localDateTimeToIso } from './format';

/**
 * A form validated by the same zod schema the server parses with: values as typed, output as the
 * server reads it. `localDateTimes` names datetime-local inputs: typed in the viewer's time zone,
 * they are read as the instants (ISO, UTC) the API takes.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { localDateTimes = [], draft }: { localDateTimes?: readonly string[]; draft?: string } = {},
) {
  const schemaResolver = zodResolver(schema);
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = localDateTimes.length
    ? (values, context, options) =>
        schemaResolver(
          {
            ...values,
            ...Object.fromEntries(
              localDateTimes.map((name) => [
                name,
                typeof values[name] === 'string' ? localDateTimeToIso(values[name]) : values[name],
              ]),
            ),
          },
          context,
          options,
        )
    : schemaResolver;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues });
  useDraft(draft, form);
  return form;
}

/**
 * Keeps a form's typed values across a lapsed session (`drafts.ts`): restored on mount when a draft of
 * it waits on this page, and offered to the sign-in redirect while it is on screen.
 */
function useDraft<T extends FieldValues>(name: string | undefined, form: UseFormReturn<T, unknown, unknown>): void {
  const { getValues, reset } = form;
  useEffect(() => {
    if (!name) return;
    const initial = JSON.stringify(getValues());
    const saved = takeDraft(name);
    if (saved) {
      // Restored values stay unsaved changes (dirty) against the form's own defaults.
      reset({ ...getValues(), ...saved }, { keepDefaultValues: true });
      toast.info('What you had typed before signing in again is back in the form. Check it and save.');
    }
    return keepDraft(name, () => {
      const values = getValues();
      return JSON.stringify(values) === initial ? null : values;
    });
  }, [name, getValues, reset]);
}

/** The message of one field, as the `Field` component shows it. */
export function messagesOf<T extends FieldValues>(errors: FormErrors<T>, name: Path<T>): string[] | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' && message ? [message] : undefined;
}

/**
 * Puts a 422's field errors on the form's fields of the same names; anything else (a whole-body
 * problem, a field the form does not show) becomes the form's root error.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  errors: FieldErrors,
): void {
  const others: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = fields.find((name) => name === key);
    if (field) setError(field, { message: messages.join(' ') });
    else others.push(...messages);
  }
  if (others.length) setError('root.server', { message: others.join(' ') });
}

/**
 * A failed save as the form answers it: the API's refusal, its field errors already on the fields, for the
 * caller to say the rest; null when the form has nothing to say (a lapsed session, which the sign-in screen
 * takes over, or a fault the API client did not raise).
 */
export function serverRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): ApiError | null {
  if (!(error instanceof ApiError) || error.status === 401) return null;
  applyServerErrors(setError, fields, error.fieldErrors);
  return error;
}

/** The server's own words of a refusal, for a failure whose refusals say what happened. */
export const own = (refusal: ApiError) => refusal.message;

/**
 * A failed action said in a toast, and logged: `said` gives the refusal's own words where the action has them
 * to give, else the toast says `fallback`; nothing for a lapsed session.
 */
export function toastFailure(error: unknown, fallback: string, said: (refusal: ApiError) => string = () => ''): void {
  if (error instanceof ApiError && error.status === 401) return;
  console.error(fallback, error);
  toast.error((error instanceof ApiError && said(error)) || fallback);
}

/**
 * A failed save with its field errors on the fields, then said in a toast as `toastFailure` says it. The
 * refusal, for the caller to say more, or null (as `serverRefusal`).
 */
export function toastRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
  said?: (refusal: ApiError) => string,
): ApiError | null {
  const refusal = serverRefusal(error, setError, fields);
  if (refusal) toastFailure(refusal, fallback, said);
  return refusal;
}

/** A settings section's "Last saved" line (when, and by whom), or `unsaved` until it first is. */
export const lastSaved = (meta: SettingsMeta, unsaved: string): string =>
  meta.updated_at
    ? `Last saved ${formatDateTime(meta.updated_at)}${meta.updated_by ? ` by ${meta.updated_by}` : ''}.`
    : unsaved;

/** What a settings section's save answers, as its store shows it. */
interface SectionReply<T> {
  status: 'success';
  data: T;
  meta: SettingsMeta;
}

/**
 * Saves a settings section's form: the answer becomes the form's new start and the section's store
 * (so "Last saved" follows), and a toast says so; a refusal marks its fields or is toasted.
 */
export async function saveSection<R extends SectionReply<unknown>, F extends FieldValues>(
  save: () => Promise<R>,
  {
    reset,
    show,
    setError,
    fields = [],
  }: {
    reset: (data: R['data']) => void;
    show: (reply: R) => void;
    setError: UseFormSetError<F>;
    fields?: readonly Path<F>[];
  },
  words: { saved: string; failed: string },
): Promise<void> {
  try {
    const reply = await save();
    reset(reply.data);
    show(reply);
    toast.success(words.saved);
  } catch (error) {
    toastRefusal(error, setError, fields, words.failed);
  }
}

/**
 * A failed save of a form whose fields say what the server refused of them (a 422, or a 409 for a name
 * already taken, carries its messages by field): only another failure is toasted, in the server's words.
 */
export function fieldsOrToast<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): void {
  const refusal = serverRefusal(error, setError, fields);
  if (refusal && refusal.status !== 422 && refusal.status !== 409) toastFailure(refusal, fallback, own);
}

/**
 * A failed save of a form that says the failure itself, beside its fields: a 422 puts focus on the first
 * field it refused, to be typed again; any other failure is `failure`'s message (null: nothing to say) as
 * the form's root error, given back for a toast.
 */
export function focusRefusal<T extends FieldValues>(
  error: unknown,
  { setError, setFocus }: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  fields: readonly Path<T>[],
  failure: (error: unknown) => string | null,
): string | null {
  const refusal = serverRefusal(error, setError, fields);
  if (refusal?.status === 422) {
    const first = fields.find((name) => refusal.fieldErrors[name]);
    if (first) setFocus(first);
    return null;
  }
  const message = failure(error);
  if (message) setError('root.server', { message });
  return message;
}

/** Every message of an errors map, "Field: message", for a banner. */
export function flattenErrors(errors: FieldErrors, labels: Record<string, string> = {}): string[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => (field === '_' ? message : `${labels[field] ?? field}: ${message}`)),
  );
}
