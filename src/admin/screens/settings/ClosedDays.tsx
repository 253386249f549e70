import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { formatDate } from '@/lib/date-display';
import { type ClosedDayBookings, type ClosedDays, closedDaysSchema, type SettingsMeta } from '@/lib/schemas/settings';
import { saveClosedDaysSettings } from '../../api/settings';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { lastSaved, messagesOf, saveSection, useSchemaForm } from '../../forms';
import { $closedDays, showClosedDays } from '../../stores/settings';

/** General > Closed days: the days, besides weekends, the public cannot book or move a pickup to. */
export function ClosedDaysForm() {
  return <Loaded state={useStore($closedDays)}>{(saved) => <DaysForm saved={saved} />}</Loaded>;
}

function DaysForm({ saved }: { saved: { data: ClosedDays; meta: SettingsMeta; booked: ClosedDayBookings } }) {
  const {
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useSchemaForm(closedDaysSchema, saved.data);
  const days = watch('days');
  const booked = new Map(saved.booked.map(({ date, pickups }) => [date, pickups]));
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string>();
  const addInput = useRef<HTMLInputElement>(null);

  const change = (next: string[]) => setValue('days', [...new Set(next)].sort(), { shouldDirty: true });
  const add = () => {
    if (!adding) return setAddError('Choose a day to add');
    if (days.includes(adding)) return setAddError(`${formatDate(adding, { style: 'full' })} is already closed`);
    setAddError(undefined);
    change([...days, adding]);
    setAdding('');
  };
  const submit = handleSubmit((values) =>
    saveSection(
      () => saveClosedDaysSettings(values),
      { reset, show: showClosedDays, setError, fields: ['days'] },
      { saved: 'Closed days saved', failed: 'Failed to save the closed days' },
    ),
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="closed-days" className="flex flex-col gap-4">
      <div>
        <h2 id="closed-days" className="text-lg font-semibold text-slate-900">
          Closed days
        </h2>
        <p className="text-sm text-slate-700">
          Public holidays and other days without pickups, besides weekends: customers cannot book or move a pickup to
          them. Pickups booked before a day is added stay booked: each saved day says how many, linked to the Pickups
          screen.
        </p>
        <p className="text-sm text-slate-700">
          {lastSaved(saved.meta, 'Not saved yet: pickups are collected every weekday.')}
        </p>
      </div>
      {days.length ? (
        <ul aria-labelledby="closed-days" className="flex max-w-md flex-col divide-y divide-slate-200">
          {days.map((day) => (
            <li key={day} className="flex items-center justify-between gap-4 py-2">
              <span className="flex flex-col text-sm">
                <time dateTime={day} className="text-slate-900">
                  {formatDate(day, { style: 'full' })}
                </time>
                <BookedOn day={day} pickups={booked.get(day)} />
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-label={`Remove ${formatDate(day, { style: 'full' })}`}
                onClick={() => {
                  change(days.filter((other) => other !== day));
                  // The button goes with its day: keyboard focus goes on to adding one, not to the page's top.
                  addInput.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No closed days.</p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Day to add" errors={addError ? [addError] : messagesOf(errors, 'days')} className="max-w-xs">
          {(props) => (
            <input
              {...props}
              ref={addInput}
              type="date"
              value={adding}
              onChange={(event) => {
                setAdding(event.target.value);
                setAddError(undefined);
              }}
              onKeyDown={(event) => {
                // Enter adds the day rather than saving the list.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              className={inputClass}
            />
          )}
        </Field>
        <button type="button" className={secondaryButtonClass} onClick={add}>
          Add Day
        </button>
      </div>
      <div className="flex items-center gap-4">
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : 'Save Closed Days'}
        </button>
        <p role="status" className="text-sm text-slate-700">
          {isDirty ? 'Changes not saved yet.' : ''}
        </p>
      </div>
    </form>
  );
}

/** The pickups booked on a closed day before it was closed: still to collect, or to call off with the customer. */
function BookedOn({ day, pickups }: { day: string; pickups: number | undefined }) {
  if (!pickups) return null;
  return (
    <a href={`/admin/pickups?date=${day}`} className="font-semibold text-amber-800 underline">
      {pickups === 1 ? '1 pickup still booked' : `${pickups} pickups still booked`}
    </a>
  );
}
