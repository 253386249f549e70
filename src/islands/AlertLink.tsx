import { useEffect, useRef, useState } from 'react';
import { alertsApi } from '@/lib/api/alerts';
import { apiErrorSchema } from '@/lib/api/contract';

type Action = 'confirm' | 'unsubscribe';
type State =
  | { kind: 'ready' }
  | { kind: 'missing' }
  | { kind: 'working' }
  | { kind: 'done'; trackingNumber: string | null }
  | { kind: 'failed'; message: string };

const TEXT: Record<Action, { lead: string; button: string; working: string; done: (number: string | null) => string }> =
  {
    confirm: {
      lead: 'Confirm that you want an email each time the shipment changes status.',
      button: 'Confirm email alerts',
      working: 'Confirming...',
      done: (number) =>
        number
          ? `Done: you will get an email each time shipment ${number} changes status.`
          : 'Done: your email alerts are on.',
    },
    unsubscribe: {
      lead: 'Stop the emails this link came with.',
      button: 'Unsubscribe',
      working: 'Unsubscribing...',
      done: (number) =>
        number
          ? `You are unsubscribed: no more emails about shipment ${number}.`
          : 'You are unsubscribed from these emails.',
    },
  };

/**
 * The page an email's confirmation or unsubscribe link opens: the token comes from the address, and
 * nothing happens until the person presses the button (mail scanners open links without meaning to).
 */
export default function AlertLink({ action }: { action: Action }) {
  const [state, setState] = useState<State>({ kind: 'missing' });
  const [token, setToken] = useState('');
  const result = useRef<HTMLParagraphElement>(null);
  const text = TEXT[action];
  const endpoint = action === 'confirm' ? alertsApi.confirm : alertsApi.unsubscribe;

  useEffect(() => {
    const given = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(given);
    setState(given ? { kind: 'ready' } : { kind: 'missing' });
  }, []);

  useEffect(() => {
    if (state.kind === 'done' || state.kind === 'failed') result.current?.focus();
  }, [state.kind]);

  const run = async () => {
    setState({ kind: 'working' });
    try {
      const response = await fetch(`${endpoint.path}?token=${encodeURIComponent(token)}`, {
        method: endpoint.method,
        headers: { Accept: 'application/json' },
      });
      const body: unknown = await response.json();
      const done = endpoint.response.safeParse(body);
      const failure = apiErrorSchema.safeParse(body);
      if (response.ok && done.success) setState({ kind: 'done', trackingNumber: done.data.data.tracking_number });
      else setState({ kind: 'failed', message: failure.success ? failure.data.message : 'Something went wrong.' });
    } catch {
      setState({ kind: 'failed', message: 'The server could not be reached. Please try again.' });
    }
  };

  if (state.kind === 'missing') {
    return (
      <p role="alert" className="text-slate-900">
        This link is incomplete. Please open the link from the email again.
      </p>
    );
  }
  if (state.kind === 'done') {
    return (
      <div>
        <p ref={result} tabIndex={-1} className="rounded-lg border-l-4 border-green-600 bg-green-50 p-4 text-green-900">
          {text.done(state.trackingNumber)}
        </p>
        {state.trackingNumber ? (
          <a
            href={`/track?number=${encodeURIComponent(state.trackingNumber)}`}
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            Track shipment {state.trackingNumber}
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <div>
      <p className="text-slate-800">{text.lead}</p>
      <button
        type="button"
        disabled={state.kind === 'working'}
        onClick={() => void run()}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      >
        {state.kind === 'working' ? text.working : text.button}
      </button>
      {state.kind === 'failed' ? (
        <p ref={result} tabIndex={-1} role="alert" className="mt-3 font-medium text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
