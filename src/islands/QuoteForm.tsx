import { type SubmitEvent, useId, useState } from 'react';
import { fieldErrors } from '@/lib/field-errors';
import { QUOTE_SERVICES, quoteRequestSchema } from '@/lib/schemas/quote';

type Field = 'name' | 'email' | 'phone' | 'service';
type Errors = Partial<Record<Field | '_', string[]>>;
type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your request could not be sent. Please try again, or call us.';

/** The home page's quote request form: checked here with the shared schema, stored by POST /api/quotes. */
export default function QuoteForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<Field, string>;
    const checked = quoteRequestSchema.safeParse(values);
    if (!checked.success) {
      const found: Errors = fieldErrors(checked.error);
      setErrors(found);
      setState({ kind: 'idle' });
      focusFirstInvalid(form, found);
      return;
    }
    setErrors({});
    setState({ kind: 'sending' });
    try {
      const response = await fetch('/api/quotes', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(checked.data),
      });
      const body = (await response.json()) as { message?: string; errors?: Errors };
      if (response.ok) {
        form.reset();
        setState({ kind: 'sent', message: body.message ?? 'Thank you! We will be in touch soon.' });
      } else if (response.status === 422 && body.errors) {
        setErrors(body.errors);
        setState({ kind: 'idle' });
        focusFirstInvalid(form, body.errors);
      } else {
        setState({ kind: 'failed', message: body.message ?? FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  }

  const fieldProps = (field: Field) => {
    const invalid = Boolean(errors[field]?.length);
    return {
      id: `${id}-${field}`,
      name: field,
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${id}-${field}-error` : undefined,
      className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${
        invalid ? 'border-red-700' : 'border-slate-400'
      }`,
    };
  };
  const fieldError = (field: Field) =>
    errors[field]?.length ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]!.join(' ')}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Request a quote">
      <div>
        <label htmlFor={`${id}-name`} className="font-medium text-slate-800">
          Name
        </label>
        <input type="text" autoComplete="name" {...fieldProps('name')} />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="font-medium text-slate-800">
          Email
        </label>
        <input type="email" autoComplete="email" {...fieldProps('email')} />
        {fieldError('email')}
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="font-medium text-slate-800">
          Phone <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="tel" autoComplete="tel" {...fieldProps('phone')} />
        {fieldError('phone')}
      </div>
      <div>
        <label htmlFor={`${id}-service`} className="font-medium text-slate-800">
          Service
        </label>
        <select defaultValue="" {...fieldProps('service')}>
          <option value="">Select Service</option>
          {QUOTE_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
        {fieldError('service')}
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {state.kind === 'sending' ? 'Sending...' : 'Request a Quote'}
        </button>
        <div role="status" aria-live="polite" className="mt-4">
          {state.kind === 'sent' && <p className="rounded-lg bg-green-50 p-3 text-green-800">{state.message}</p>}
        </div>
        <div role="alert" className="mt-2">
          {state.kind === 'failed' && <p className="rounded-lg bg-orange-50 p-3 text-orange-900">{state.message}</p>}
        </div>
      </div>
    </form>
  );
}

function focusFirstInvalid(form: HTMLFormElement, errors: Errors) {
  const first = (['name', 'email', 'phone', 'service'] as const).find((field) => errors[field]?.length);
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
}
