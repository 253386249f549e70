import { lazy, Suspense, useId, useState } from 'react';
import { formatDate, formatDateTime } from '@/lib/date-display';
import { piecesDeliveredText } from '@/lib/pieces';
import { AddressReveal } from './AddressReveal';
import { RouteMapSlot } from './RouteMapSlot';
import { TrackingProgress } from './TrackingProgress';
import { TrackingTimeline } from './TrackingTimeline';
import {
  deliveryOutlook,
  formatWeight,
  lastUpdated,
  type Outlook,
  statusBadge,
  type TrackingResult,
} from './tracking-view';

// The status-email sign-up: its own chunk, loaded once a shipment is found.
const AlertSignup = lazy(() => import('./AlertSignup'));
// Only some results have a next step or a proof: their wording loads with the first that does, keeping the
// tracking page's first script light.
const NextStep = lazy(() => import('./NextStep').then(({ NextStep }) => ({ default: NextStep })));
const DeliveryProof = lazy(() => import('./DeliveryProof').then(({ DeliveryProof }) => ({ default: DeliveryProof })));

const OUTLOOK: Record<Exclude<Outlook, null>, { label: string; tone: string }> = {
  on_time: { label: 'On time', tone: 'bg-green-100 text-green-900' },
  delayed: { label: 'Delayed', tone: 'bg-orange-100 text-orange-900' },
  delivered_on_time: { label: 'Delivered on time', tone: 'bg-green-100 text-green-900' },
  delivered_late: { label: 'Delivered late', tone: 'bg-orange-100 text-orange-900' },
  awaiting_collection: { label: 'Waiting for collection', tone: 'bg-teal-100 text-teal-900' },
  returned: { label: 'Not delivered', tone: 'bg-stone-200 text-stone-900' },
};

/**
 * A found shipment, collapsible: status badge, estimated delivery and whether it holds, progress, the
 * route map, the timeline newest first and the detail grid (private by default, revealable).
 */
export function TrackingResultPanel({ result }: { result: TrackingResult }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const badge = statusBadge(result.status);
  const updated = lastUpdated(result.histories);
  const outlook = deliveryOutlook(result);
  const partly = piecesDeliveredText(result.pieces.delivered, result.pieces.total);
  const details: [string, string][] = [
    ['Order ID', result.tracking_number],
    ['Sender Name', result.sender_name],
    ['Recipient Address', result.recipient_address],
    ['Weight', formatWeight(result.weight)],
    ...(result.pieces.total > 1 ? [['Pieces', String(result.pieces.total)] as [string, string]] : []),
    ['Status', partly ? `${badge.label} (${partly})` : badge.label],
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
        <div className="flex flex-col items-end gap-1">
          <span
            data-testid="status-badge"
            data-status={badge.key}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ${badge.tone}`}
          >
            {badge.label}
          </span>
          {partly && (
            <p data-testid="pieces-delivered" className="text-sm font-semibold text-slate-800">
              {partly}
            </p>
          )}
        </div>
      </div>

      <div id={`${id}-body`} hidden={!open}>
        <div className="mt-6 flex flex-wrap items-end gap-x-8 gap-y-4 rounded-lg bg-brand-50 p-4">
          <div>
            <p className="text-sm font-medium text-slate-700">Estimated delivery</p>
            <p className="text-xl font-bold text-brand-900" data-testid="estimated-delivery">
              {result.estimated_delivery ? formatDate(result.estimated_delivery, { style: 'full' }) : 'Not set yet'}
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
              <p className="font-semibold text-slate-900">{formatDate(result.delivery_date, { style: 'full' })}</p>
            </div>
          )}
        </div>

        <Suspense fallback={null}>
          <NextStep result={result} />
          {result.proof ? <DeliveryProof result={result} /> : null}
        </Suspense>
        <TrackingProgress status={result.status} />
        <RouteMapSlot route={result.route} />

        <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment history</h3>
        <TrackingTimeline result={result} />

        <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment details</h3>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {details.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-brand-50 p-4">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 font-semibold text-slate-900">
                {value}
                {label === 'Recipient Address' && <AddressReveal result={result} />}
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
