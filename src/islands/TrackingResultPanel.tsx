import { formatDateTime, formatWeight, lastUpdated, statusBadge, type TrackingResult } from './tracking-view';

/** A found shipment: heading, last update, status badge, timeline of history entries and the detail grid. */
export default function TrackingResultPanel({ result }: { result: TrackingResult }) {
  const badge = statusBadge(result.status);
  const updated = lastUpdated(result.histories);
  const details: [string, string][] = [
    ['Order ID', result.tracking_number],
    ['Sender Name', result.sender_name],
    ['Recipient Address', result.recipient_address],
    ['Weight (kg)', formatWeight(result.weight)],
    ['Status', badge.label],
    ['Destination', result.destination],
  ];
  return (
    <section aria-labelledby="shipment-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="shipment-title" className="text-2xl font-bold text-brand-900">
            Shipment #{result.tracking_number}
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

      <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment history</h3>
      {result.histories.length === 0 ? (
        <p className="mt-2 text-slate-600">No tracking events yet.</p>
      ) : (
        <ol className="timeline mt-4 flex flex-col gap-6 md:flex-row md:gap-0">
          {result.histories.map((history) => {
            const step = statusBadge(history.status);
            return (
              <li
                key={history.id}
                className="relative flex gap-4 after:absolute after:top-5 after:-bottom-5 after:left-[7px] after:w-0.5 after:bg-brand-100 last:after:hidden md:flex-1 md:flex-col md:gap-3 md:pr-4 md:after:top-[7px] md:after:right-0 md:after:bottom-auto md:after:left-5 md:after:h-0.5 md:after:w-auto"
              >
                <span
                  aria-hidden="true"
                  className="timeline-dot mt-1 h-4 w-4 shrink-0 rounded-full bg-brand-700 ring-4 ring-brand-100 md:mt-0"
                />
                <div>
                  <p className="font-semibold text-slate-900">{step.label}</p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={history.created_at}>{formatDateTime(history.created_at)}</time>
                  </p>
                  {history.notes && <p className="mt-1 text-sm text-slate-700">{history.notes}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <h3 className="mt-8 text-lg font-semibold text-brand-900">Shipment details</h3>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-brand-50 p-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
