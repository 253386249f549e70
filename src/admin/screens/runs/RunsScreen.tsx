import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { formatDate } from '@/lib/date-display';
import { inputClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { $router } from '../../router';
import { $runs } from '../../stores/runs';
import { RunCard } from './RunCard';

/**
 * The Runs screen (dispatchers, admins): a date (today in the company's day until one is chosen) and each
 * driver's run of it, stops in order. Shipments join a run here by tracking number, or from the list.
 */
export default function RunsScreen() {
  const runs = useStore($runs);
  const dateId = useId();
  const show = (date: string) => $router.open(date ? `/admin/runs?date=${date}` : '/admin/runs');

  return (
    <section aria-labelledby="runs-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="runs-title" className="text-2xl font-bold text-slate-900">
            Runs
          </h1>
          <p className="mt-1 text-slate-700">Each driver's stops for a day, in the order they drive them.</p>
        </div>
        <div>
          <label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            value={runs.status === 'ready' ? runs.data.date : ($router.get()?.search.date ?? '')}
            onChange={(event) => show(event.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      <Loaded state={runs}>
        {({ date, today, drivers }) => (
          <>
            <p role="status" className="text-sm text-slate-800">
              {date === today ? 'Today, ' : ''}
              {formatDate(date, { style: 'long' })}
              {date < today ? ': a past day, its runs can be read but not changed.' : ''}
              {date !== today ? (
                <>
                  {' '}
                  <a href="/admin/runs" className="font-semibold text-brand-700 underline">
                    Go to today
                  </a>
                </>
              ) : null}
            </p>
            {drivers.length === 0 ? (
              <p className="rounded-md bg-white p-4 text-slate-900">
                No active drivers yet: invite one with the Driver role on the Team screen.
              </p>
            ) : (
              drivers.map((driver) => <RunCard key={driver.id} driver={driver} date={date} editable={date >= today} />)
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
