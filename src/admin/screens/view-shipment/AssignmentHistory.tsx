import { useState } from 'react';
import { runsApi } from '@/lib/api/runs';
import { formatDate, formatDateTime } from '@/lib/date-display';
import { ASSIGNMENT_ACTION_LABELS } from '@/lib/schemas/run';
import { secondaryButtonClass } from '../../components/Field';
import { Loaded } from '../../components/Loading';
import { Panel } from '../../components/Panel';
import { useQuery } from '../../stores/query';
import { AssignDialog } from '../runs/AssignDialog';

/**
 * The Runs panel of the view screen (dispatchers, admins): the run the shipment is on now, "Assign to run"
 * (or to another one), and every assignment, move and removal, newest first, with who made it.
 */
export function AssignmentHistory({ trackingNumber }: { trackingNumber: string }) {
  const history = useQuery(
    runsApi.history,
    { params: { trackingNumber } },
    { fallback: 'Failed to load the assignment history.' },
  );
  const [assigning, setAssigning] = useState(false);
  return (
    <Panel title="Runs">
      <Loaded state={history}>
        {({ current, entries }) => (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-900">
              {current ? (
                <p>
                  Stop {current.position} on{' '}
                  <a href={`/admin/runs?date=${current.run_date}`} className="font-semibold text-brand-700 underline">
                    {current.driver}'s run of {formatDate(current.run_date)}
                  </a>
                </p>
              ) : (
                <p>Not on a run.</p>
              )}
              <button type="button" className={secondaryButtonClass} onClick={() => setAssigning(true)}>
                {current ? 'Move to another run' : 'Assign to run'}
              </button>
            </div>
            {entries.length === 0 ? (
              <p className="text-sm text-slate-700">Never assigned to a run.</p>
            ) : (
              <ol aria-label="Assignment history, newest first" className="flex flex-col gap-2 text-sm">
                {entries.map((entry) => (
                  <li key={entry.id} className="border-l-4 border-slate-300 pl-3">
                    <p className="text-slate-900">
                      <span className="font-semibold">{ASSIGNMENT_ACTION_LABELS[entry.action]}</span>
                      {entry.action === 'removed' ? ' from' : ' to'} {entry.driver ?? 'a former driver'}'s run of{' '}
                      {formatDate(entry.run_date)}
                    </p>
                    <p className="text-slate-700">
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time> by{' '}
                      {entry.actor ?? 'a former staff member'}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </Loaded>
      <AssignDialog
        open={assigning}
        title="Assign to run"
        numbers={[trackingNumber]}
        onClose={() => setAssigning(false)}
      />
    </Panel>
  );
}
