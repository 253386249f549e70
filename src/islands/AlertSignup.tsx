import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { alertsApi } from '@/lib/api/alerts';
import { apiErrorSchema } from '@/lib/api/contract';
import { alertSubscribeSchema } from '@/lib/schemas/alerts';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Your request could not be sent. Please try again.';
const endpoint = alertsApi.subscribe;

/**
 * "Email me when the status changes", under a found shipment on the tracking page. The address gets
 * a confirmation link first (double opt-in); every email carries a one-click unsubscribe.
 */
export default function AlertSignup({ trackingNumber }: { trackingNumber: string }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(alertSubscribeSchema),
    defaultValues: { tracking_number: trackingNumber, email: '' },
  });
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  const submit = handleSubmit(async (input) => {
    setState({ kind: 'sending' });
    try {
      const response = await fetch(endpoint.path, {
        method: endpoint.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(input),
      });
      const body: unknown = await response.json();
      const sent = endpoint.response.safeParse(body);
      const failure = apiErrorSchema.safeParse(body);
      if (response.ok && sent.success) {
        setState({ kind: 'sent', message: sent.data.message });
      } else if (response.status === 422 && failure.success && failure.data.errors?.email) {
        setState({ kind: 'idle' });
        setError('email', { message: failure.data.errors.email.join(' ') }, { shouldFocus: true });
      } else {
        setState({ kind: 'failed', message: failure.success ? failure.data.message : FAILED });
      }
    } catch {
      setState({ kind: 'failed', message: FAILED });
    }
  });

  const invalid = Boolean(errors.email);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
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
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              {...register('email')}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-email-error ${id}-about` : `${id}-about`}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 ${
                invalid ? 'border-red-700' : 'border-slate-400'
              }`}
            />
            {errors.email ? (
              <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
                {errors.email.message}
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
