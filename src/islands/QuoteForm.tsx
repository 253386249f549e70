import { type FormEvent, useId, useRef, useState } from 'react';
import { QUOTE_PATHS } from '@/lib/api/paths';
import type { FieldErrors } from '@/lib/field-errors';
import { QUOTE_SERVICES } from '@/lib/quote-services';
import { fieldErrorsOf, isObject, messageOf } from './api-answer';

const FIELDS = ['name', 'email', 'phone', 'service', 'origin', 'destination', 'weight_kg'] as const;
type Field = (typeof FIELDS)[number];
type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your request could not be sent. Please try again, or call us.';

type Checks = typeof import('./quote-checks');
let checks: Promise<Checks | null> | null = null;
/** The form's own checks, fetched once, when the form is first used; null if they cannot be fetched. */
const loadChecks = () => {
  checks ??= import('./quote-checks').catch(() => {
    checks = null;
    return null;
  });
  return checks;
};

const fieldsOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

/**
 * The home page's quote request form. Its markup is a plain form posting to POST /api/quotes, so it
 * sends the same request before its script runs, or without it (the function answers with the
 * thank-you page). Once hydrated it checks the fields with the shared schema, loaded when the form is
 * first used, and sends JSON. The fields are the page's own (uncontrolled): what was typed before
 * the script ran is what is sent.
 */
export default function QuoteForm() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // After a submit found a fault, fields are checked again as they change.
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  function showErrors(found: FieldErrors, focus: boolean) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (focus && first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function recheck() {
    const loaded = await loadChecks();
    if (!checked || !loaded || !form.current) return;
    const result = loaded.checkQuote(fieldsOf(form.current));
    setErrors(result.ok ? {} : result.errors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const fields = fieldsOf(element);
    setState({ kind: 'sending' });
    const loaded = await loadChecks();
    // Without its checks (they could not be fetched) the form still sends: the server checks the same.
    const result = loaded ? loaded.checkQuote(fields) : null;
    if (result && !result.ok) {
      setState({ kind: 'idle' });
      setChecked(true);
      showErrors(result.errors, true);
      return;
    }
    try {
      const response = await fetch(QUOTE_PATHS.create, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(result ? result.quote : fields),
      });
      const body: unknown = await response.json();
      const message = messageOf(body);
      const invalid = response.status === 422 ? fieldErrorsOf(body) : {};
      if (response.ok && isObject(body) && body.status === 'success' && message) {
        element.reset();
        setErrors({});
        setChecked(false);
        setState({ kind: 'sent', message });
      } else if (FIELDS.some((field) => invalid[field])) {
        setState({ kind: 'idle' });
        setChecked(true);
        showErrors(invalid, true);
      } else {
        setState({ kind: 'failed', message: message ?? FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  }

  const fieldProps = (field: Field) => {
    const invalid = Boolean(errors[field]);
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
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field].join(' ')}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      method="post"
      action={QUOTE_PATHS.create}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadChecks()}
      onInput={() => void recheck()}
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Request a quote"
    >
      <div>
        <label htmlFor={`${id}-name`} className="font-medium text-slate-800">
          Name
        </label>
        <input type="text" autoComplete="name" required {...fieldProps('name')} />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="font-medium text-slate-800">
          Email
        </label>
        <input type="email" autoComplete="email" required {...fieldProps('email')} />
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
        <select required {...fieldProps('service')}>
          <option value="">Select Service</option>
          {QUOTE_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
        {fieldError('service')}
      </div>
      <div>
        <label htmlFor={`${id}-origin`} className="font-medium text-slate-800">
          From <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" placeholder="City, country" {...fieldProps('origin')} />
        {fieldError('origin')}
      </div>
      <div>
        <label htmlFor={`${id}-destination`} className="font-medium text-slate-800">
          To <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" placeholder="City, country" {...fieldProps('destination')} />
        {fieldError('destination')}
      </div>
      <div>
        <label htmlFor={`${id}-weight_kg`} className="font-medium text-slate-800">
          Approximate weight in kg <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input type="text" inputMode="decimal" {...fieldProps('weight_kg')} />
        {fieldError('weight_kg')}
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
          {state.kind === 'sent' && <p className="rounded-lg bg-green-50 p-3 text-green-900">{state.message}</p>}
        </div>
        <div role="alert" className="mt-2">
          {state.kind === 'failed' && <p className="rounded-lg bg-orange-50 p-3 text-orange-900">{state.message}</p>}
        </div>
      </div>
    </form>
  );
}
