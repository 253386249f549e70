import { type ComponentType, lazy, type SubmitEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { entryWording } from '@/lib/timeline';
import type { RouteMapProps } from './RouteMap';
import {
  deliveryOutlook,
  formatDate,
  formatDateTime,
  formatWeight,
  lastUpdated,
  newestFirst,
  type Outlook,
  progressOf,
  STAGES,
  statusBadge,
  type TrackingResult,
  typoHint,
} from './tracking-view';

// The status-email sign-up: its own chunk, loaded once a shipment is found.
const AlertSignup = lazy(() => import('./AlertSignup'));

/** Events shown before "Show all N events". */
export const FIRST_EVENTS = 4;

/** What to check for a number that was not found or is malformed, with the way to ask us. */
export function FailureHelp({ number }: { number: string }) {
  const hint = typoHint(number);
  return (
    <span className="mt-1 block font-normal">
      Check the number on your receipt: NEC followed by 9 letters or digits.{hint ? ` ${hint}` : ''} Still not found?{' '}
      <a href="/contact" className="font-semibold underline">
        Contact us
      </a>
      .
    </span>
  );
}

/** A number of a multi-number search that found nothing. */
export function NotFoundCard({ number, message }: { number: string; message: string }) {
  return (
    <section
      aria-label={`Tracking number ${number}`}
      className="rounded-xl border-l-4 border-orange-500 bg-orange-50 p-5 text-orange-900"
    >
      <h2 className="font-bold">{number}</h2>
      <p className="font-medium">
        {message}
        <FailureHelp number={number} />
      </p>
    </section>
  );
}

const OUTLOOK: Record<Exclude<Outlook, null>, { label: string; tone: string }> = {
  on_time: { label: 'On time', tone: 'bg-green-100 text-green-900' },
  delayed: { label: 'Delayed', tone: 'bg-orange-100 text-orange-900' },
  delivered_on_time: { label: 'Delivered on time', tone: 'bg-green-100 text-green-900' },
  delivered_late: { label: 'Delivered late', tone: 'bg-orange-100 text-orange-900' },
};

function Progress({ status }: { status: TrackingResult['status'] }) {
  const { stage, held } = progressOf(status);
  return (
    <div className="mt-6">
      <div aria-hidden="true" className="h-2 rounded-full bg-slate-200">
        <div
          className={`h-2 rounded-full ${held ? 'bg-orange-500' : 'bg-brand-700'}`}
          style={{ width: `${(stage / (STAGES.length - 1)) * 100}%` }}
        />
      </div>
      <ol aria-label="Progress" className="mt-2 grid grid-cols-3 text-sm">
        {STAGES.map((label, index) => {
          const state = index < stage ? 'done' : index === stage ? 'current' : 'upcoming';
          return (
            <li
              key={label}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              className={`${index === 1 ? 'text-center' : index === 2 ? 'text-right' : ''} ${state === 'upcoming' ? 'text-slate-600' : 'font-semibold text-slate-900'}`}
            >
              {label}
              {held && index === stage && <span className="ml-1 font-semibold text-orange-800">(on hold)</span>}
              <span className="sr-only">
                {state === 'done' ? ', done' : state === 'current' ? ', current stage' : ', to come'}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Timeline({ result }: { result: TrackingResult }) {
  const [all, setAll] = useState(false);
  const id = useId();
  const events = newestFirst(result.histories);
  if (events.length === 0) return <p className="mt-2 text-slate-600">No tracking events yet.</p>;
  const shown = all ? events : events.slice(0, FIRST_EVENTS);
  return (
    <>
      <ol id={`${id}-events`} aria-label="Shipment history, newest first" className="timeline mt-4">
        {shown.map((entry, index) => {
          const { place, arrival } = entryWording(entry);
          return (
            <li
              key={entry.id}
              className="relative flex gap-4 pb-6 after:absolute after:top-5 after:bottom-0 after:left-[7px] after:w-0.5 after:bg-brand-100 last:pb-0 last:after:hidden"
            >
              <span
                aria-hidden="true"
                className={`mt-1 h-4 w-4 shrink-0 rounded-full ring-4 ${index === 0 ? 'bg-brand-700 ring-brand-100' : 'bg-slate-400 ring-slate-100'}`}
              />
              <div>
                <p className="font-semibold text-slate-900">
                  {statusBadge(entry.status).label}
                  {place && <span className="font-normal text-slate-700"> · {place}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </p>
                {entry.notes && <p className="mt-1 text-sm text-slate-800">{entry.notes}</p>}
                {arrival && (
                  <p className="mt-1 text-sm text-slate-700">
                    {arrival.label}: <time dateTime={arrival.time}>{formatDateTime(arrival.time)}</time>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {events.length > FIRST_EVENTS && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={`${id}-events`}
          onClick={() => setAll(!all)}
          className="mt-4 rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {all ? 'Show fewer events' : `Show all ${events.length} events`}
        </button>
      )}
    </>
  );
}

/** The route map, loaded on demand after a result shows; nothing (the timeline alone) when it cannot be drawn. */
function RouteMapSlot({ route }: { route: TrackingResult['route'] }) {
  const [MapView, setMapView] = useState<ComponentType<RouteMapProps> | null>(null);
  const drawable = !!route.origin && !!route.destination;
  useEffect(() => {
    if (!drawable) return;
    let live = true;
    import('./RouteMap').then((module) => live && setMapView(() => module.default)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [drawable]);
  return drawable && MapView ? <MapView route={route} /> : null;
}

function Reveal({ result, onRevealed }: { result: TrackingResult; onRevealed: (data: TrackingResult) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  // The person asked for the form: take them to its field.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  if (result.address_revealed || !result.can_reveal) return null;
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 text-sm font-semibold text-brand-700 underline"
      >
        Show full address
      </button>
    );
  }
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const proof = String(new FormData(event.currentTarget).get('proof') ?? '').trim();
    if (!proof) {
      setError("Enter the recipient's email or the last 4 digits of their phone");
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(`/api/tracking/${encodeURIComponent(result.tracking_number)}/reveal`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(proof.includes('@') ? { email: proof } : { phone_last4: proof }),
      });
      const body: { data?: TrackingResult; message?: string; errors?: Record<string, string[]> } =
        await response.json();
      if (response.ok && body.data) {
        onRevealed(body.data);
        return;
      }
      setError(Object.values(body.errors ?? {})[0]?.[0] ?? body.message ?? 'Could not check the details.');
    } catch {
      setError('Could not check the details. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2" noValidate>
      <label htmlFor={`${id}-proof`} className="text-sm font-medium text-slate-800">
        Recipient's email or last 4 digits of their phone
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={`${id}-proof`}
          name="proof"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-70"
        >
          Show address
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-orange-900">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * A found shipment, collapsible: status badge, estimated delivery and whether it holds, progress, the
 * route map, the timeline newest first and the detail grid (private by default, revealable).
 */
export default function TrackingResultPanel({
  result,
  onRevealed,
}: {
  result: TrackingResult;
  onRevealed: (data: TrackingResult) => void;
}) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const badge = statusBadge(result.status);
  const updated = lastUpdated(result.histories);
  const outlook = deliveryOutlook(result);
  const details: [string, string][] = [
    ['Order ID', result.tracking_number],
    ['Sender Name', result.sender_name],
    ['Recipient Address', result.recipient_address],
    ['Weight', formatWeight(result.weight)],
    ['Status', badge.label],
    ['Destination', result.destination],
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-900">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-body`}
              onClick={() => setOpen(!open)}
              className="flex items-center gap-2 text-left"
            >
              <span
                aria-hidden="true"
                className={`inline-block text-base transition-transform ${open ? 'rotate-90' : ''}`}
              >
                ▶
              </span>
              Shipment #{result.tracking_number}
            </button>
          </h2>
          <p className="mt-1 text-slate-600">
            Last updated: {updated ? <time dateTime={updated}>{formatDateTime(updated)}</time> : 'no updates yet'}
          </p>
        </div>
        <span
          data-testid="status-badge"
          data-status={badge.key}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ${badge.tone}`}
        >
          {badge.label}
        </span>
      </div>

      <div id={`${id}-body`} hidden={!open}>
        <div className="mt-6 flex flex-wrap items-end gap-x-8 gap-y-4 rounded-lg bg-brand-50 p-4">
          <div>
            <p className="text-sm font-medium text-slate-700">Estimated delivery</p>
            <p className="text-xl font-bold text-brand-900" data-testid="estimated-delivery">
              {result.estimated_delivery ? formatDate(result.estimated_delivery) : 'Not set yet'}
              {outlook && (
                <span className={`ml-3 rounded-full px-3 py-1 align-middle text-sm ${OUTLOOK[outlook].tone}`}>
                  {OUTLOOK[outlook].label}
                </span>
              )}
            </p>
          </div>
          {result.status !== 'delivered' && result.arrival_time && (
            <div>
              <p className="text-sm font-medium text-slate-700">Next arrival</p>
              <p className="font-semibold text-slate-900">
                <time dateTime={result.arrival_time}>{formatDateTime(result.arrival_time)}</time>
                {result.current_location && ` · now in ${result.current_location}`}
              </p>
            </div>
          )}
          {result.status === 'delivered' && result.delivery_date && (
            <div>
              <p className="text-sm font-medium text-slate-700">Delivered</p>
              <p className="font-semibold text-slate-900">{formatDate(result.delivery_date)}</p>
            </div>
          )}
        </div>

        <Progress status={result.status} />
        <RouteMapSlot route={result.route} />

        <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment history</h3>
        <Timeline result={result} />

        <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment details</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {details.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-brand-50 p-4">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 font-semibold text-slate-900">
                {value}
                {label === 'Recipient Address' && <Reveal result={result} onRevealed={onRevealed} />}
              </dd>
            </div>
          ))}
        </dl>
        {!result.address_revealed && (
          <p className="mt-3 text-sm text-slate-600">
            For privacy the page shows the sender's first name and the recipient's city; the recipient can show the full
            address.
          </p>
        )}
        <Suspense fallback={null}>
          <AlertSignup trackingNumber={result.tracking_number} />
        </Suspense>
      </div>
    </section>
  );
}
