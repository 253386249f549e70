import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PICKUP_PATHS } from '@/lib/api/paths';
import { formatDate, formatDateTime } from '@/lib/date-display';
import type { FieldErrors } from '@/lib/field-errors';
import { PICKUP_NOTICE_HOURS, PICKUP_WINDOW_LABELS, PICKUP_WINDOWS, type PickupWindow } from '@/lib/pickup-hours';
import { fieldErrorsOf, isObject, messageOf } from './api-answer';

// The page of a pickup's emailed link. The token is in the address's fragment (never sent to a server, a
// log or a Referer); the page asks what the link shows, and changes the pickup only when the person presses
// Move or Cancel. Answers are read by hand, so the page ships no schema library.

interface Pickup {
  name: string;
  address: string;
  city: string;
  pickup_date: string;
  pickup_window: PickupWindow;
  pieces: number;
  status: 'requested' | 'cancelled' | 'picked_up';
  change_until: string;
  changeable: boolean;
}

type State =
  | { step: 'reading' }
  | { step: 'shown'; token: string; pickup: Pickup; note?: string }
  | { step: 'refused'; message: string };

const SERVER_TROUBLE = 'Our server could not answer just now. Please try again in a few minutes.';

const isPickup = (value: unknown): value is Pickup =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.pickup_date === 'string' &&
  typeof value.change_until === 'string' &&
  typeof value.changeable === 'boolean' &&
  typeof value.status === 'string';

type Answer = { pickup: Pickup } | { message: string; status: number; errors: FieldErrors };

async function post(path: string, body: Record<string, string>): Promise<Answer> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok && isObject(answer) && isPickup(answer.data)) return { pickup: answer.data };
    const message =
      response.status === 429
        ? 'Too many attempts from your connection. Please wait a minute and try again.'
        : (messageOf(answer) ?? SERVER_TROUBLE);
    return { message, status: response.status, errors: fieldErrorsOf(answer) };
  } catch {
    return { message: 'The server could not be reached. Please check your connection.', status: 0, errors: {} };
  }
}

const day = (date: string) => formatDate(date, { style: 'long', timeZone: 'UTC' });

export default function PickupManage({ phone }: { phone: string }) {
  const [state, setState] = useState<State>({ step: 'reading' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (!token) {
      setState({ step: 'refused', message: 'This link is not complete. Please open the link from our email again.' });
      return;
    }
    void post(PICKUP_PATHS.read, { token }).then((answer) =>
      setState('pickup' in answer ? { step: 'shown', token, pickup: answer.pickup } : { step: 'refused', ...answer }),
    );
  }, []);

  useEffect(() => {
    if (state.step === 'refused' || (state.step === 'shown' && state.note)) heading.current?.focus();
  }, [state]);

  if (state.step === 'reading') return <p className="text-slate-700">Reading your pickup…</p>;
  if (state.step === 'refused') {
    return (
      <p
        ref={heading}
        tabIndex={-1}
        role="alert"
        className="rounded-lg border-l-4 border-red-600 bg-red-50 p-4 text-red-900"
      >
        {state.message}
      </p>
    );
  }
  const { token, pickup, note } = state;

  const change = async (path: string, body: Record<string, string>, done: string) => {
    setBusy(true);
    const answer = await post(path, { token, ...body });
    setBusy(false);
    if ('pickup' in answer) {
      setErrors({});
      setState({ step: 'shown', token, pickup: answer.pickup, note: done });
    } else if (answer.status === 422) setErrors(answer.errors);
    else setState({ step: 'refused', message: answer.message });
  };
  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    void change(PICKUP_PATHS.move, fields, 'Your pickup is moved: we have emailed you a new confirmation.');
  };
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name].join(' ')}
      </p>
    ) : null;
  const input = 'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900';

  return (
    <div>
      {note && (
        <p
          ref={heading}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded-lg border-l-4 border-green-600 bg-green-50 p-4 text-green-900"
        >
          {note}
        </p>
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <dt className="text-slate-700">Status</dt>
        <dd className="font-medium text-slate-900">
          {pickup.status === 'requested' ? 'Booked' : pickup.status === 'cancelled' ? 'Cancelled' : 'Collected'}
        </dd>
        <dt className="text-slate-700">Day</dt>
        <dd className="font-medium text-slate-900">{day(pickup.pickup_date)}</dd>
        <dt className="text-slate-700">Time window</dt>
        <dd className="font-medium text-slate-900">{PICKUP_WINDOW_LABELS[pickup.pickup_window]}</dd>
        <dt className="text-slate-700">Address</dt>
        <dd className="font-medium text-slate-900">
          {pickup.address}, {pickup.city}
        </dd>
        <dt className="text-slate-700">Pieces</dt>
        <dd className="font-medium text-slate-900">{pickup.pieces}</dd>
      </dl>
      {pickup.status === 'requested' && !pickup.changeable && (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-950">
          This pickup can no longer be changed here: changes close {PICKUP_NOTICE_HOURS} hours before the window starts.
          To change it, please call us on {phone}.
        </p>
      )}
      {pickup.changeable && (
        <>
          <p className="mt-4 text-slate-800">
            You can move or cancel this pickup until {formatDateTime(pickup.change_until, { style: 'long' })}.
          </p>
          <form onSubmit={move} noValidate className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Move the pickup">
            <div>
              <label htmlFor={`${id}-pickup_date`} className="font-medium text-slate-800">
                New day
              </label>
              <input
                id={`${id}-pickup_date`}
                name="pickup_date"
                type="date"
                required
                defaultValue={pickup.pickup_date}
                aria-invalid={Boolean(errors.pickup_date) || undefined}
                aria-describedby={errors.pickup_date ? `${id}-pickup_date-error` : undefined}
                className={input}
              />
              {fieldError('pickup_date')}
            </div>
            <div>
              <label htmlFor={`${id}-pickup_window`} className="font-medium text-slate-800">
                New time window
              </label>
              <select
                id={`${id}-pickup_window`}
                name="pickup_window"
                defaultValue={pickup.pickup_window}
                aria-invalid={Boolean(errors.pickup_window) || undefined}
                aria-describedby={errors.pickup_window ? `${id}-pickup_window-error` : undefined}
                className={input}
              >
                {PICKUP_WINDOWS.map((window) => (
                  <option key={window} value={window}>
                    {PICKUP_WINDOW_LABELS[window]}
                  </option>
                ))}
              </select>
              {fieldError('pickup_window')}
            </div>
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              <button
                type="submit"
                disabled={busy}
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
              >
                Move the pickup
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void change(PICKUP_PATHS.cancel, {}, 'Your pickup is cancelled: no driver will come.')}
                className="inline-flex min-h-11 items-center rounded-lg border border-red-700 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
              >
                Cancel the pickup
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
