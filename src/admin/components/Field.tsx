import { type ReactNode, useId } from 'react';

interface FieldProps {
  label: string;
  errors?: string[] | undefined;
  hint?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its hint and the messages of the field's errors, tied together for screen readers. */
export function Field({ label, errors, hint, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errors?.length ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        ...(errors?.length ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600';

export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

/** An error said at once to screen readers: a load that failed, or what the server refused. */
export function ErrorAlert({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <p role="alert" className={`rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 ${className}`}>
      {children}
    </p>
  );
}

/** Above a form that was refused: how many fields to correct, and what the server said about the whole. */
export function ErrorSummary({ count, server }: { count: number; server: string | undefined }) {
  if (!count && !server) return null;
  return (
    <ErrorAlert className="sm:col-span-2">
      {count ? `Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.` : ''}
      {server ? ` ${server}` : ''}
    </ErrorAlert>
  );
}
