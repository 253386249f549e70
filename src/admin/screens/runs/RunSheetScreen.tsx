import { useStore } from '@nanostores/react';
import { formatDate } from '@/lib/date-display';
import { buttonClass, ErrorAlert, secondaryButtonClass } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { $runSheet } from '../../stores/runs';
import { RunPickups } from './RunPickups';

/** A4 and Letter alike (12 mm margins); a stop never splits across two pages. */
const PRINT_CSS = '@page { margin: 12mm; } @media print { .run-stop { break-inside: avoid; } }';

/**
 * The printable run sheet, `/admin/runs/:runId/sheet`: the company, the driver and the date, then each
 * stop in order with its recipient, address and phone and a box for the recipient's signature. The
 * toolbar does not print.
 */
export default function RunSheetScreen() {
  const state = useStore($runSheet);
  return (
    <div className="min-h-screen bg-slate-200 print:bg-white">
      <style>{PRINT_CSS}</style>
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-4 border-b border-slate-300 bg-white px-4 py-3 print:hidden">
        <h1 className="text-lg font-bold text-slate-900">Run sheet</h1>
        <div className="ml-auto flex gap-2">
          <a
            href={state.status === 'ready' ? `/admin/runs?date=${state.data.run.run_date}` : '/admin/runs'}
            className={secondaryButtonClass}
          >
            Back to runs
          </a>
          <button
            type="button"
            className={buttonClass}
            disabled={state.status !== 'ready'}
            onClick={() => window.print()}
          >
            Print
          </button>
        </div>
      </div>
      <main className="p-4 print:p-0">
        {state.status === 'loading' ? (
          <Loading />
        ) : state.status === 'error' ? (
          <ErrorAlert>{state.message}</ErrorAlert>
        ) : (
          <article
            aria-label={`Run sheet of ${state.data.run.driver.name ?? state.data.run.driver.email}`}
            className="mx-auto w-full max-w-[190mm] bg-white p-6 text-slate-900 shadow print:max-w-none print:p-0 print:shadow-none"
          >
            <header className="flex items-start justify-between gap-4 border-b-2 border-slate-900 pb-3">
              <div>
                <p className="text-xl font-extrabold">{state.data.company.company_name}</p>
                <p className="text-xs">{state.data.company.phone}</p>
              </div>
              <div className="text-right">
                <h2 className="text-2xl font-extrabold uppercase">Run sheet</h2>
                <p className="text-lg font-bold">{state.data.run.driver.name ?? state.data.run.driver.email}</p>
                <p className="text-sm">
                  {formatDate(state.data.run.run_date, { style: 'long' })} ·{' '}
                  {state.data.run.stops.length === 1 ? '1 stop' : `${state.data.run.stops.length} stops`}
                </p>
              </div>
            </header>
            <ol className="mt-4 flex flex-col gap-3">
              {state.data.run.stops.map((stop) => (
                <li
                  key={stop.tracking_number}
                  className="run-stop grid grid-cols-[2.5rem_1fr_16rem] gap-3 rounded border border-slate-400 p-3"
                >
                  <span className="text-2xl font-extrabold">{stop.position}</span>
                  <div className="text-sm">
                    <p className="font-mono font-bold">{stop.tracking_number}</p>
                    <p className="text-base font-semibold">{stop.recipient_name}</p>
                    <p>
                      {stop.recipient_address}, {stop.destination}
                    </p>
                    <p>{stop.recipient_phone ? `Phone ${stop.recipient_phone}` : 'No phone given'}</p>
                  </div>
                  <div className="flex flex-col">
                    <p className="text-xs font-semibold uppercase text-slate-700">Signature</p>
                    <div className="mt-1 min-h-16 flex-1 rounded border border-slate-500" />
                    <p className="mt-1 text-xs text-slate-700">Name and time: ________________</p>
                  </div>
                </li>
              ))}
            </ol>
            <RunPickups />
          </article>
        )}
      </main>
    </div>
  );
}
