import { lazy, Suspense } from 'react';
import { FINAL_STATUSES } from '@/lib/shipment-status';
import { nextStepOf } from './next-step';
import type { TrackingResult } from './tracking-view';

// The recipient's form: its own chunk, loaded only for a revealed shipment still to be delivered.
const DeliveryRequestForm = lazy(() => import('./DeliveryRequestForm'));

/** The viewer's date, as the next attempt is compared with it. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/**
 * What happened and what happens next, under the estimated delivery: a failed attempt's reason and the
 * next attempt, the depot to collect from, an exception; after the reveal, the recipient's choices.
 */
export function NextStep({ result }: { result: TrackingResult }) {
  const words = nextStepOf(result, localToday());
  const mayAsk = result.address_revealed && !FINAL_STATUSES.includes(result.status);
  if (!words && !mayAsk) return null;
  return (
    <div data-testid="next-step" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
      {words?.happened ? <p className="font-semibold">{words.happened}</p> : null}
      {words?.next ? <p className="mt-1">{words.next}</p> : null}
      {words?.depot ? <p className="mt-1 text-sm text-slate-700">{words.depot}</p> : null}
      {mayAsk ? (
        <Suspense fallback={null}>
          <DeliveryRequestForm result={result} />
        </Suspense>
      ) : null}
    </div>
  );
}
