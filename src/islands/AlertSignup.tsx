import { type SubmitEvent, useId, useRef, useState } from 'react';
import { ALERTS_SUBSCRIBE_PATH } from '@/lib/api/paths';
import { fieldErrorsOf, isObject, messageOf } from './api-answer';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your request could not be sent. Please try again.';

/**
 * "Email me when the status changes", under a found shipment on the tracking page. The address gets
 * a confirmation link first (double opt-in); every email has a one-click unsubscribe. The tracking
 * page stays free of zod, so the answers of `alertsApi.subscribe` are checked by hand here.
 */
export default function AlertSignup({ trackingNumber }: { trackingNumber: string }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setState({ kind: 'invalid', message: 'Please enter your email address' });
      input.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const response = await fetch(ALERTS_SUBSCRIBE_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ tracking_number: trackingNumber, email }),
      });
      const body: unknown = await response.json();
      const invalid = response.status === 422 ? (fieldErrorsOf(body).email?.join(' ') ?? null) : null;
      const sent = response.ok && isObject(body) && body.status === 'success' ? messageOf(body) : null;
      if (sent) {
        setState({ kind: 'sent', message: sent });
      } else if (invalid) {
        setState({ kind: 'invalid', message: invalid });
        input.current?.focus();
      } else {
        setState({ kind: 'failed', message: messageOf(body) ?? FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  }

  const invalid = state.kind === 'invalid';
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        Get status emails
      </h3>
      <p id={`${id}-about`} className="mt-1 text-sm text-slate-700">
        We email you each time shipment {trackingNumber} changes status. You confirm your address first, and every email
        has a one-click unsubscribe.
      </p>
      {state.kind === 'sent' ? (
        <p role="status" className="mt-3 rounded-lg border-l-4 border-green-600 bg-green-50 p-3 text-green-900">
          {state.message}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={`${id}-email`} className="font-medium text-slate-800">
              Email address
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-email-error ${id}-about` : `${id}-about`}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${
                invalid ? 'border-red-700' : 'border-slate-400'
              }`}
            />
            {invalid ? (
              <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
                {state.message}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={state.kind === 'sending'}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70 sm:mt-7"
          >
            {state.kind === 'sending' ? 'Sending...' : 'Email me updates'}
          </button>
        </form>
      )}
      {state.kind === 'failed' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
