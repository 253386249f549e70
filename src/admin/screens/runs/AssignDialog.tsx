import { type FormEvent, useState } from 'react';
import { runsApi } from '@/lib/api/runs';
import { formatDate } from '@/lib/date-display';
import type { RunAssignResult } from '@/lib/schemas/run';
import { ApiError } from '../../api/client';
import { assignToRun } from '../../api/runs';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorAlert, Field, inputClass, secondaryButtonClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { useQuery } from '../../stores/query';

/** What an assignment did, in words: how many went on the run, and why any others did not. */
interface Outcome {
  done: string;
  refused: string[];
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function doneText(result: RunAssignResult): string {
  const { run, assigned, moved, unchanged } = result;
  const driver = run.driver.name ?? run.driver.email;
  const parts = [
    `${plural(assigned.length + moved.length, 'shipment')} assigned to ${driver} for ${formatDate(run.run_date)}`,
    ...(moved.length ? [`${moved.length} of them moved from another run`] : []),
    ...(unchanged.length ? [`${plural(unchanged.length, 'shipment')} already on this run`] : []),
  ];
  return `${parts.join('; ')}.`;
}

/**
 * Puts shipments on a driver's run of a date. Numbers the server refuses (unknown, delivered or
 * returned) are named with the reason, and the others are assigned in a second request, so the result
 * says how many went on the run and why the rest did not.
 */
async function assignWhatCan(driverId: number, date: string, numbers: string[]): Promise<Outcome> {
  try {
    const result = await assignToRun({ driver_id: driverId, run_date: date, tracking_numbers: numbers });
    return { done: doneText(result.data), refused: [] };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const refused = numbers.flatMap((number, index) =>
      (error.fieldErrors[`tracking_numbers.${index}`] ?? []).map((reason) => `${number}: ${reason}`),
    );
    const rest = numbers.filter((_, index) => !error.fieldErrors[`tracking_numbers.${index}`]);
    if (!refused.length || !rest.length) throw error;
    const result = await assignToRun({ driver_id: driverId, run_date: date, tracking_numbers: rest });
    return { done: doneText(result.data), refused };
  }
}

const FIELD_LABELS: Record<string, string> = { driver_id: 'Driver', run_date: 'Date', tracking_numbers: 'Shipments' };

/** The server's refusal in words: its field messages, each with the field's label. */
function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Could not assign the shipments.';
  const fields = Object.entries(error.fieldErrors).filter(([field]) => !field.includes('.'));
  return fields.length
    ? fields.map(([field, messages]) => `${FIELD_LABELS[field] ?? field}: ${messages.join(' ')}`).join(' ')
    : error.message || 'Could not assign the shipments.';
}

interface AssignDialogProps {
  open: boolean;
  /** The dialog's title and submit label, e.g. "Assign to run" or "Move NEC… to another run". */
  title: string;
  numbers: string[];
  /** The date offered first (the run being looked at); today when none. */
  date?: string;
  onClose: () => void;
  onAssigned?: () => void;
}

export function AssignDialog(props: AssignDialogProps) {
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose}>
      <AssignForm {...props} />
    </Dialog>
  );
}

function AssignForm({ title, numbers, date, onClose, onAssigned }: AssignDialogProps) {
  const drivers = useQuery(runsApi.list, { query: {} }, { fallback: 'Failed to load the drivers.' });
  const [driverId, setDriverId] = useState('');
  const [runDate, setRunDate] = useState(date ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-sm text-slate-900">
          {outcome.done}
        </p>
        {outcome.refused.length ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">{plural(outcome.refused.length, 'shipment')} not assigned:</p>
            <ul className="mt-1 list-disc pl-5">
              {outcome.refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end">
          <button type="button" className={secondaryButtonClass} onClick={onClose} data-autofocus>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <Loaded state={drivers}>
      {({ drivers: everyone, today }) => {
        const assignable = everyone.filter((driver) => driver.assignable);
        const submit = async (event: FormEvent) => {
          event.preventDefault();
          setFailure(null);
          if (!driverId) return setFailure('Driver: Choose a driver.');
          setBusy(true);
          try {
            setOutcome(await assignWhatCan(Number(driverId), runDate || today, numbers));
            onAssigned?.();
          } catch (error) {
            setFailure(refusalText(error));
          } finally {
            setBusy(false);
          }
        };
        return (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <p className="text-sm text-slate-800">
              {numbers.length === 1 ? numbers[0] : plural(numbers.length, 'shipment')}, at the end of the run.
            </p>
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            {assignable.length === 0 ? (
              <ErrorAlert>No active drivers: invite one on the Team screen first.</ErrorAlert>
            ) : null}
            <Field label="Driver">
              {(field) => (
                <select
                  {...field}
                  data-autofocus
                  value={driverId}
                  onChange={(event) => setDriverId(event.target.value)}
                  className={inputClass}
                >
                  <option value="">Choose a driver</option>
                  {assignable.map((driver) => (
                    <option key={driver.id} value={driver.id}>
                      {driver.name ?? driver.email}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Date">
              {(field) => (
                <input
                  {...field}
                  type="date"
                  min={today}
                  value={runDate || today}
                  onChange={(event) => setRunDate(event.target.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <DialogActions onCancel={onClose} busy={busy} label={title} busyLabel="Assigning..." />
          </form>
        );
      }}
    </Loaded>
  );
}
