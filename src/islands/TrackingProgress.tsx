import { progressOf, STAGES, type TrackingResult } from './tracking-view';

/**
 * A found shipment's progress: a bar and its three stages (Processing, In transit, Delivered), the current
 * one marked for screen readers and shown "on hold" when the shipment is held.
 */
export function TrackingProgress({ status }: { status: TrackingResult['status'] }) {
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
