import { useStore } from '@nanostores/react';
import { PICKUP_WINDOW_LABELS } from '@/lib/pickup-hours';
import { PICKUP_STATUS_LABELS } from '@/lib/schemas/pickup';
import { formatWeight } from '@/lib/weight';
import { ErrorAlert } from '../../components/Field';
import { $runPickups } from '../../stores/pickups';

/** The run sheet's pickups: each collection on this run, by window, with a box for the pieces counted. */
export function RunPickups() {
  const state = useStore($runPickups);
  if (state.status === 'loading') return null;
  if (state.status === 'error') return <ErrorAlert className="mt-4">{state.message}</ErrorAlert>;
  const pickups = state.data.pickups.filter((pickup) => pickup.status !== 'cancelled');
  if (!pickups.length) return null;
  return (
    <section aria-labelledby="run-pickups" className="mt-6">
      <h3 id="run-pickups" className="text-lg font-extrabold uppercase">
        Pickups ({pickups.length})
      </h3>
      <ol className="mt-2 flex flex-col gap-3">
        {pickups.map((pickup) => (
          <li
            key={pickup.id}
            className="run-stop grid grid-cols-[7rem_1fr_12rem] gap-3 rounded border border-slate-400 p-3"
          >
            <span className="font-extrabold">{PICKUP_WINDOW_LABELS[pickup.pickup_window]}</span>
            <div className="text-sm">
              <p className="text-base font-semibold">{pickup.company ?? pickup.name}</p>
              <p>
                {pickup.address}, {pickup.city}
              </p>
              <p>Phone {pickup.phone}</p>
              <p>
                {pickup.pieces} {pickup.pieces === 1 ? 'piece' : 'pieces'}, {formatWeight(pickup.weight_kg)}
                {pickup.notes ? ` · ${pickup.notes}` : ''}
              </p>
            </div>
            <p className="text-sm">
              {PICKUP_STATUS_LABELS[pickup.status]}
              {pickup.tracking_number ? <span className="block font-mono">{pickup.tracking_number}</span> : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
