import { type FormEvent, useId, useState } from 'react';
import { formatDate } from '@/lib/date-display';
import type { RunStop, RunsOfDate } from '@/lib/schemas/run';
import { normalizeTrackingNumber } from '@/lib/tracking-number';
import { ApiError } from '../../api/client';
import { assignToRun, removeFromRun, reorderRun } from '../../api/runs';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorAlert, inputClass, secondaryButtonClass } from '../../components/Field';
import { StatusBadge } from '../../components/StatusBadge';
import { own, toastFailure } from '../../forms';
import { AssignDialog } from './AssignDialog';

type DriverRun = RunsOfDate['drivers'][number];

const stopButton =
  'rounded px-2 py-1 text-sm font-semibold text-brand-700 hover:underline aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:no-underline';

/** A stop's line: its number and recipient, where to go, and what the dispatcher can do with it. */
function Stop({
  stop,
  last,
  editable,
  onMove,
  onElsewhere,
  onRemove,
}: {
  stop: RunStop;
  last: boolean;
  editable: boolean;
  onMove: (step: -1 | 1) => void;
  onElsewhere: () => void;
  onRemove: () => void;
}) {
  const number = stop.tracking_number;
  const first = stop.position === 1;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <span className="w-8 shrink-0 text-lg font-bold text-slate-900" aria-hidden="true">
        {stop.position}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="sr-only">Stop {stop.position}: </span>
          <a href={`/admin/view_shipment/${number}`} className="font-mono font-semibold text-brand-700 underline">
            {number}
          </a>
          <StatusBadge status={stop.status} />
        </p>
        <p className="text-slate-900">{stop.recipient_name}</p>
        <p className="text-slate-700">
          {stop.recipient_address}, {stop.destination}
        </p>
        {stop.recipient_phone ? <p className="text-slate-700">{stop.recipient_phone}</p> : null}
      </div>
      {editable ? (
        <div className="flex flex-wrap gap-1">
          {/* Kept focusable at the ends (aria-disabled), so focus stays on the button a stop was moved with. */}
          <button
            type="button"
            className={stopButton}
            aria-disabled={first || undefined}
            aria-label={`Move ${number} up`}
            onClick={() => !first && onMove(-1)}
          >
            Up
          </button>
          <button
            type="button"
            className={stopButton}
            aria-disabled={last || undefined}
            aria-label={`Move ${number} down`}
            onClick={() => !last && onMove(1)}
          >
            Down
          </button>
          <button type="button" className={stopButton} onClick={onElsewhere}>
            Move<span className="sr-only"> {number} to another run</span>
          </button>
          <button type="button" className={`${stopButton} text-red-700`} onClick={onRemove}>
            Remove<span className="sr-only"> {number}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** Adds a shipment by its tracking number at the end of this driver's run of the date. */
function AddStop({ driver, date }: { driver: DriverRun; date: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const name = driver.name ?? driver.email;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await assignToRun({ driver_id: driver.id, run_date: date, tracking_numbers: [normalizeTrackingNumber(value)] });
      setValue('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setFailure(Object.values(error.fieldErrors).flat()[0] ?? error.message);
      } else toastFailure(error, 'Could not add the shipment.', own);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Add to {name}'s run by tracking number
        </label>
        <input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${id}-error` : undefined}
          className={`${inputClass} font-mono`}
        />
      </div>
      <button type="submit" disabled={busy || !value.trim()} className={secondaryButtonClass}>
        {busy ? 'Adding...' : 'Add'}
      </button>
      {failure ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </form>
  );
}

/**
 * One driver's run of the date: its stops in order with their actions (up, down, move to another
 * run, remove), adding by tracking number, and the printable run sheet. A past date reads only.
 */
export function RunCard({ driver, date, editable }: { driver: DriverRun; date: string; editable: boolean }) {
  const headingId = useId();
  const [moving, setMoving] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = driver.run;
  const stops = run?.stops ?? [];
  const name = driver.name ?? driver.email;
  const canChange = editable && driver.assignable;

  const move = async (index: number, step: -1 | 1) => {
    if (!run || busy) return;
    const numbers = stops.map((stop) => stop.tracking_number);
    const [taken] = numbers.splice(index, 1);
    numbers.splice(index + step, 0, taken as string);
    setBusy(true);
    setFailure(null);
    try {
      await reorderRun(run.id, numbers);
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : 'Could not change the order.');
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeFromRun(removing);
      setRemoving(null);
    } catch (error) {
      toastFailure(error, 'Could not remove the stop.', own);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {name}
          <span className="ml-2 text-sm font-normal text-slate-700">
            {stops.length === 1 ? '1 stop' : `${stops.length} stops`}
            {driver.assignable ? '' : ' (no longer an active driver)'}
          </span>
        </h2>
        {run && stops.length ? (
          <a href={`/admin/runs/${run.id}/sheet`} className="text-sm font-semibold text-brand-700 underline">
            Print run sheet<span className="sr-only"> of {name}</span>
          </a>
        ) : null}
      </div>
      {failure ? <ErrorAlert className="mt-2">{failure}</ErrorAlert> : null}
      {stops.length ? (
        <ol aria-label={`Stops of ${name} on ${formatDate(date)}`} className="mt-2 divide-y divide-slate-200">
          {stops.map((stop, index) => (
            <Stop
              key={stop.tracking_number}
              stop={stop}
              last={index === stops.length - 1}
              editable={canChange}
              onMove={(step) => void move(index, step)}
              onElsewhere={() => setMoving(stop.tracking_number)}
              onRemove={() => setRemoving(stop.tracking_number)}
            />
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No stops on this date.</p>
      )}
      {canChange ? <AddStop driver={driver} date={date} /> : null}
      <AssignDialog
        open={moving !== null}
        title="Move to run"
        numbers={moving ? [moving] : []}
        date={date}
        onClose={() => setMoving(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove stop"
        onClose={() => setRemoving(null)}
        busy={busy}
        label="Remove"
        busyLabel="Removing..."
        onConfirm={() => void remove()}
      >
        Take {removing} off {name}'s run? The stops after it move up; the shipment's history keeps the assignment.
      </ConfirmDialog>
    </section>
  );
}
