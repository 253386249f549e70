import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PICKUP_CONFIRMATION, PICKUP_PATHS } from '@/lib/api/paths';
import { formatDate } from '@/lib/date-display';
import type { FieldErrors } from '@/lib/field-errors';
import { PICKUP_WINDOW_LABELS, PICKUP_WINDOWS } from '@/lib/pickup-hours';
import { fieldErrorsOf, isObject, messageOf } from './api-answer';

const FIELDS = [
  'name',
  'company',
  'email',
  'phone',
  'address',
  'city',
  'destination',
  'pickup_date',
  'pickup_window',
  'pieces',
  'weight_kg',
  'notes',
] as const;
type Field = (typeof FIELDS)[number];
type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'booked'; date: string; window: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your pickup could not be booked. Please try again, or call us.';

type Checks = typeof import('./pickup-checks');
let checks: Promise<Checks | null> | null = null;
/** The form's own checks, fetched once, when the form is first used; null if they cannot be fetched. */
const loadChecks = () => {
  checks ??= import('./pickup-checks').catch(() => {
    checks = null;
    return null;
  });
  return checks;
};

const fieldsOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));
const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * The public pickup form. Its fields are the page's own (uncontrolled): what was typed before the script
 * ran is what is sent. Without the script it posts as a plain form (the server answers a page); with it, as
 * JSON. It checks the fields with the shared schema (loaded when the form is first used); the server checks
 * the same, and the company's calendar (a past day, a window too close), naming the field either way.
 */
export default function PickupForm() {
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (state.kind === 'booked') result.current?.focus();
  }, [state.kind]);

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function recheck() {
    const loaded = await loadChecks();
    if (!checked || !loaded || !form.current) return;
    const outcome = loaded.checkPickup(fieldsOf(form.current));
    setErrors(outcome.ok ? {} : outcome.errors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = fieldsOf(event.currentTarget);
    setState({ kind: 'sending' });
    const loaded = await loadChecks();
    const outcome = loaded ? loaded.checkPickup(fields) : null;
    if (outcome && !outcome.ok) {
      setState({ kind: 'idle' });
      setChecked(true);
      showErrors(outcome.errors);
      return;
    }
    try {
      const response = await fetch(PICKUP_PATHS.create, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(outcome ? outcome.pickup : fields),
      });
      const body: unknown = await response.json();
      const invalid = response.status === 422 ? fieldErrorsOf(body) : {};
      if (response.ok && isObject(body) && body.status === 'success') {
        setErrors({});
        setState({
          kind: 'booked',
          date: String(fields.pickup_date),
          window: PICKUP_WINDOW_LABELS[fields.pickup_window as keyof typeof PICKUP_WINDOW_LABELS] ?? '',
        });
      } else if (FIELDS.some((field) => invalid[field])) {
        setState({ kind: 'idle' });
        setChecked(true);
        showErrors(invalid);
      } else {
        setState({ kind: 'failed', message: messageOf(body) ?? FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  }

  if (state.kind === 'booked') {
    return (
      <div ref={result} tabIndex={-1} role="status" className="rounded-lg border-l-4 border-green-600 bg-green-50 p-4">
        <p className="font-semibold text-green-900">
          Your pickup is booked for {formatDate(state.date, { style: 'long', timeZone: 'UTC' })}, {state.window}.
        </p>
        <p className="mt-2 text-green-900">{PICKUP_CONFIRMATION}</p>
      </div>
    );
  }

  const field = (name: Field, label: ReactNode, input: (props: Record<string, unknown>) => ReactNode) => {
    const invalid = Boolean(errors[name]);
    return (
      <div className={name === 'notes' || name === 'address' ? 'sm:col-span-2' : undefined}>
        <label htmlFor={`${id}-${name}`} className="font-medium text-slate-800">
          {label}
        </label>
        {input({
          id: `${id}-${name}`,
          name,
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? `${id}-${name}-error` : undefined,
          className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-400'}`,
        })}
        {invalid && (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
            {errors[name]?.join(' ')}
          </p>
        )}
      </div>
    );
  };
  const optional = <span className="font-normal text-slate-600">(optional)</span>;

  return (
    <form
      ref={form}
      method="post"
      action={PICKUP_PATHS.create}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadChecks()}
      onInput={() => void recheck()}
      noValidate
      className="grid gap-5 sm:grid-cols-2"
      aria-label="Schedule a pickup"
    >
      {field('name', 'Your name', (p) => (
        <input type="text" autoComplete="name" required {...p} />
      ))}
      {field('company', <>Company {optional}</>, (p) => (
        <input type="text" autoComplete="organization" {...p} />
      ))}
      {field('email', 'Email', (p) => (
        <input type="email" autoComplete="email" required {...p} />
      ))}
      {field('phone', 'Phone (for the driver)', (p) => (
        <input type="tel" autoComplete="tel" required {...p} />
      ))}
      {field('address', 'Pickup address', (p) => (
        <input type="text" autoComplete="street-address" required {...p} />
      ))}
      {field('city', 'City', (p) => (
        <input type="text" autoComplete="address-level2" required {...p} />
      ))}
      {field('destination', <>Going to {optional}</>, (p) => (
        <input type="text" placeholder="City, country" {...p} />
      ))}
      {field('pickup_date', 'Day', (p) => (
        <input type="date" min={ready ? localToday() : undefined} required {...p} />
      ))}
      {field('pickup_window', 'Time window', (p) => (
        <select required {...p}>
          <option value="">Choose a window</option>
          {PICKUP_WINDOWS.map((window) => (
            <option key={window} value={window}>
              {PICKUP_WINDOW_LABELS[window]}
            </option>
          ))}
        </select>
      ))}
      {field('pieces', 'Number of pieces', (p) => (
        <input type="text" inputMode="numeric" required {...p} />
      ))}
      {field('weight_kg', 'Total weight in kg', (p) => (
        <input type="text" inputMode="decimal" required {...p} />
      ))}
      {field('notes', <>Notes for the driver {optional}</>, (p) => (
        <textarea rows={3} {...p} />
      ))}
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {state.kind === 'sending' ? 'Booking...' : 'Book the pickup'}
        </button>
        <div role="alert" className="mt-2">
          {state.kind === 'failed' && <p className="rounded-lg bg-orange-50 p-3 text-orange-900">{state.message}</p>}
        </div>
      </div>
    </form>
  );
}
