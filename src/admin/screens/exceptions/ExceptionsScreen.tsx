import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { exceptionsApi } from '@/lib/api/exceptions';
import { formatDateTime, formatDay } from '@/lib/date-display';
import {
  EXCEPTION_ACTION_LABELS,
  EXCEPTION_KIND_LABELS,
  EXCEPTION_KINDS,
  type ExceptionRow,
} from '@/lib/schemas/exception';
import { REASON_LABELS } from '@/lib/shipment-status';
import { useMay } from '../../access';
import { ErrorAlert, secondaryButtonClass } from '../../components/Field';
import { StatusBadge } from '../../components/StatusBadge';
import { useSearchParams } from '../../list-url';
import { $exceptions, exceptionsParams } from '../../stores/exceptions';
import { ExceptionActionForm } from './ExceptionActionForm';

const queueHref = (kind: string, page = 1) => {
  const search = new URLSearchParams(Object.entries({ kind, page: page > 1 ? String(page) : '' }).filter(([, v]) => v));
  return `/admin/exceptions${search.size ? `?${search}` : ''}`;
};

/** The recipient's open request in words. */
function requestText(request: NonNullable<ExceptionRow['open_request']>): string {
  return request.kind === 'redelivery' && request.delivery_day
    ? `Recipient asks for delivery on ${formatDay(request.delivery_day)}`
    : `Recipient's instructions: ${request.instructions ?? ''}`;
}

function QueueRow({ row, mayAct }: { row: ExceptionRow; mayAct: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <a
              href={`/admin/view_shipment/${row.tracking_number}`}
              className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {row.tracking_number}
            </a>
            <StatusBadge status={row.status} />
          </p>
          <p className="mt-1 text-sm text-slate-900">
            <span className="font-medium">Why: </span>
            {row.kinds.map((kind) => EXCEPTION_KIND_LABELS[kind]).join('; ')}
          </p>
          {row.reason ? (
            <p className="text-sm text-slate-900">
              <span className="font-medium">Reason: </span>
              {REASON_LABELS[row.reason]}
              {row.reason_note ? ` (${row.reason_note})` : ''}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Since <time dateTime={row.since}>{formatDateTime(row.since)}</time> · {row.recipient_name},{' '}
            {row.destination}
          </p>
          {row.open_request ? (
            <p className="text-sm font-medium text-amber-900">{requestText(row.open_request)}</p>
          ) : null}
          <p className="text-sm text-slate-700">
            {row.handled
              ? `${EXCEPTION_ACTION_LABELS[row.handled.action]}: handled by ${row.handled.by}, ${formatDateTime(row.handled.at)}${row.handled.note ? ` (${row.handled.note})` : ''}`
              : 'Not handled yet'}
          </p>
        </div>
        {mayAct ? (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-expanded={open}
            aria-controls={`act-${row.tracking_number}`}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Close' : `Act on ${row.tracking_number}`}
          </button>
        ) : null}
      </div>
      {open ? (
        <div id={`act-${row.tracking_number}`} className="mt-4 border-t border-slate-200 pt-4">
          <ExceptionActionForm row={row} onDone={() => setOpen(false)} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The exceptions queue: what needs someone, the longest waiting first, filtered by kind in the URL, with
 * each row's actions for admins and dispatchers (viewers read it).
 */
export default function ExceptionsScreen() {
  const state = useStore($exceptions);
  const { kind, page } = exceptionsParams(useSearchParams());
  const current = Number(page) || 1;
  const may = useMay();
  const counts = state.status === 'ready' ? state.data.meta.counts : null;

  return (
    <section aria-labelledby="exceptions-title" className="flex flex-col gap-4">
      <div>
        <h1 id="exceptions-title" className="text-2xl font-bold text-slate-900">
          Exceptions
        </h1>
        <p className="mt-1 text-sm text-slate-700">Shipments that need someone, the longest waiting first.</p>
      </div>
      <nav aria-label="Kinds">
        <ul className="flex flex-wrap gap-2">
          {['', ...EXCEPTION_KINDS].map((each) => (
            <li key={each || 'all'}>
              <a
                href={queueHref(each)}
                aria-current={each === kind ? 'page' : undefined}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-900 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
              >
                {each ? EXCEPTION_KIND_LABELS[each as keyof typeof EXCEPTION_KIND_LABELS] : 'All'}
                {counts && each ? ` (${counts[each as keyof typeof counts]})` : ''}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {state.status === 'error' ? (
        <ErrorAlert>{state.message}</ErrorAlert>
      ) : state.status === 'loading' ? (
        <p role="status" className="text-slate-700">
          Loading...
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {state.data.meta.total === 0
              ? 'Nothing needs anyone here.'
              : `Showing ${(current - 1) * state.data.meta.limit + 1}-${(current - 1) * state.data.meta.limit + state.data.data.length} of ${state.data.meta.total}`}
          </p>
          <ul className="flex flex-col gap-3" aria-label="Listed shipments">
            {state.data.data.map((row) => (
              <QueueRow key={row.tracking_number} row={row} mayAct={may(exceptionsApi.act)} />
            ))}
          </ul>
          <nav aria-label="Pages" className="flex gap-2">
            {current > 1 ? (
              <a href={queueHref(kind, current - 1)} className={secondaryButtonClass}>
                Previous page
              </a>
            ) : null}
            {current * state.data.meta.limit < state.data.meta.total ? (
              <a href={queueHref(kind, current + 1)} className={secondaryButtonClass}>
                Next page
              </a>
            ) : null}
          </nav>
        </>
      )}
    </section>
  );
}
