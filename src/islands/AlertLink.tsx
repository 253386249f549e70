import { useEffect, useRef, useState } from 'react';
import { ALERT_LINK_PATHS } from '@/lib/api/paths';
import { fieldErrorsOf, isObject, messageOf } from './api-answer';

type Action = 'confirm' | 'unsubscribe';
type State =
  | { kind: 'starting' }
  | { kind: 'ready' }
  | { kind: 'missing' }
  | { kind: 'working' }
  | { kind: 'done'; trackingNumber: string | null; again: boolean }
  | { kind: 'failed'; message: string };

const TEXT: Record<
  Action,
  { lead: string; button: string; working: string; done: (number: string | null, again: boolean) => string }
> = {
  confirm: {
    lead: 'Confirm that you want an email each time the shipment changes status.',
    button: 'Confirm email alerts',
    working: 'Confirming...',
    done: (number, again) =>
      `${again ? 'This link was used before: your email alerts are already on.' : 'Done:'} ${
        number ? `You will get an email each time shipment ${number} changes status.` : 'Your email alerts are on.'
      }`,
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

/** What went wrong, in words, when an answer is not the API's own error (a proxy's page, a gateway). */
const BY_STATUS: Record<number, string> = {
  404: 'We did not send this link: it may have been mistyped or cut short. Please open the link from the latest email.',
  429: 'Too many attempts from your connection. Please wait a few minutes and try again.',
};
const SERVER_TROUBLE = 'Our server could not answer just now. Please try again in a few minutes.';

/** The words for a failed answer: the token's own message, else the API's, else by status. */
function failureMessage(status: number, body: unknown): string {
  const message = isObject(body) && body.status === 'error' ? messageOf(body) : null;
  if (message) return fieldErrorsOf(body).token?.[0] ?? message;
  return BY_STATUS[status] ?? SERVER_TROUBLE;
}

/**
 * The page an email's confirmation or unsubscribe link opens: the token comes from the address, and
 * nothing happens until the person presses the button (mail scanners open links without meaning to).
 * The answers are read by hand, so the page ships no schema library.
 */
export default function AlertLink({ action }: { action: Action }) {
  // Until the script has read the token from the address, the button waits (the page's HTML cannot know it).
  const [state, setState] = useState<State>({ kind: 'starting' });
  const [token, setToken] = useState('');
  const result = useRef<HTMLParagraphElement>(null);
  const text = TEXT[action];

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
      const response = await fetch(`${ALERT_LINK_PATHS[action]}?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      const body: unknown = await response.json().catch(() => null);
      const topic = isObject(body) && body.status === 'success' && isObject(body.data) ? body.data : null;
      if (response.ok && topic) {
        setState({
          kind: 'done',
          trackingNumber: typeof topic.tracking_number === 'string' ? topic.tracking_number : null,
          again: topic.already_confirmed === true,
        });
      } else setState({ kind: 'failed', message: failureMessage(response.status, body) });
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
          {text.done(state.trackingNumber, state.again)}
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
        disabled={state.kind === 'working' || state.kind === 'starting'}
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
