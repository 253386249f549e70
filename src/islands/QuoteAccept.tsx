import { useEffect, useRef, useState } from 'react';
import { QUOTE_OFFER_PATHS } from '@/lib/api/paths';
import { formatDate } from '@/lib/date-display';
import { formatMoney } from '@/lib/money';
import { formatWeight } from '@/lib/weight';
import { isObject, messageOf } from './api-answer';

// The page of a quote's accept link. The token is in the address's fragment (never sent to a server, a log
// or a Referer); the page asks what the link offers, and books only when the person presses Accept (mail
// scanners open links without meaning to). Answers are read by hand, so the page ships no schema library.

interface Offer {
  name: string;
  service: string;
  origin: string;
  destination: string;
  weight_kg: number | null;
  amount_cents: number;
  currency: string;
  valid_until: string;
  message: string | null;
}

type State =
  | { step: 'reading' }
  | { step: 'ready'; token: string; offer: Offer }
  | { step: 'accepting'; token: string; offer: Offer }
  | { step: 'refused'; message: string; offer?: Offer }
  | { step: 'booked'; trackingNumber: string };

const SERVER_TROUBLE = 'Our server could not answer just now. Please try again in a few minutes.';
const BY_STATUS: Record<number, string> = {
  429: 'Too many attempts from your connection. Please wait a minute and try again.',
};

const isOffer = (value: unknown): value is Offer =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.service === 'string' &&
  typeof value.origin === 'string' &&
  typeof value.destination === 'string' &&
  (value.weight_kg === null || typeof value.weight_kg === 'number') &&
  typeof value.amount_cents === 'number' &&
  typeof value.currency === 'string' &&
  typeof value.valid_until === 'string' &&
  (value.message === null || typeof value.message === 'string');

/** Posts the token; the answer's data, or the words for a refusal. */
async function post(path: string, token: string): Promise<{ data: unknown } | { message: string }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isObject(body) && body.status === 'success') return { data: body.data };
    const own = isObject(body) && body.status === 'error' ? messageOf(body) : null;
    return { message: own ?? BY_STATUS[response.status] ?? SERVER_TROUBLE };
  } catch {
    return { message: 'The server could not be reached. Please check your connection and try again.' };
  }
}

function OfferFacts({ offer }: { offer: Offer }) {
  const facts: Array<[string, string]> = [
    ['Service', offer.service],
    ['From', offer.origin],
    ['To', offer.destination],
    ...(offer.weight_kg === null ? [] : [['Weight', formatWeight(offer.weight_kg)] as [string, string]]),
    ['Price', formatMoney(offer.amount_cents, offer.currency)],
    ['Valid until', `${formatDate(offer.valid_until, { style: 'long' })} (end of day)`],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function QuoteAccept() {
  const [state, setState] = useState<State>({ step: 'reading' });
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (!token) {
      setState({ step: 'refused', message: 'This link is not complete. Please open the link from our email again.' });
      return;
    }
    void post(QUOTE_OFFER_PATHS.read, token).then((answer) =>
      setState(
        'data' in answer && isOffer(answer.data)
          ? { step: 'ready', token, offer: answer.data }
          : { step: 'refused', message: 'message' in answer ? answer.message : SERVER_TROUBLE },
      ),
    );
  }, []);

  useEffect(() => {
    if (state.step === 'refused' || state.step === 'booked') result.current?.focus();
  }, [state.step]);

  const accept = async (token: string, offer: Offer) => {
    setState({ step: 'accepting', token, offer });
    const answer = await post(QUOTE_OFFER_PATHS.accept, token);
    const data = 'data' in answer ? answer.data : null;
    if (isObject(data) && typeof data.tracking_number === 'string') {
      setState({ step: 'booked', trackingNumber: data.tracking_number });
    } else setState({ step: 'refused', message: 'message' in answer ? answer.message : SERVER_TROUBLE });
  };

  if (state.step === 'reading') return <p className="text-slate-700">Reading your quote…</p>;
  if (state.step === 'refused') {
    return (
      <p
        ref={result}
        tabIndex={-1}
        role="alert"
        className="rounded-lg border-l-4 border-red-600 bg-red-50 p-4 text-red-900"
      >
        {state.message}
      </p>
    );
  }
  if (state.step === 'booked') {
    return (
      <div>
        <p ref={result} tabIndex={-1} className="rounded-lg border-l-4 border-green-600 bg-green-50 p-4 text-green-900">
          Thank you: your shipment is booked. Its tracking number is{' '}
          <strong className="font-mono">{state.trackingNumber}</strong>. We will contact you for the recipient's details
          and the pickup.
        </p>
        <a
          href={`/track?number=${encodeURIComponent(state.trackingNumber)}`}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          Track shipment {state.trackingNumber}
        </a>
      </div>
    );
  }
  const { token, offer } = state;
  return (
    <div>
      <p className="text-slate-800">
        {offer.name}, here is our price for your request. Accept it to book the shipment.
      </p>
      {offer.message ? <p className="mt-3 whitespace-pre-line text-slate-800">{offer.message}</p> : null}
      <OfferFacts offer={offer} />
      <button
        type="button"
        disabled={state.step === 'accepting'}
        onClick={() => void accept(token, offer)}
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      >
        {state.step === 'accepting' ? 'Booking…' : 'Accept and book'}
      </button>
    </div>
  );
}
