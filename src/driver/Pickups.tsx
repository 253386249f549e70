import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { PICKUP_WINDOW_LABELS } from '@/lib/pickup-hours';
import { completePickup, type DriverPickups, getPickups } from './api';
import { PRIMARY, SECONDARY } from './Sheet';
import { keepOnDevice, keptOnDevice } from './stops';

/**
 * The driver's pickups of today: where to collect, when, what, and a "Picked up" action, which books the
 * shipment (once, however often it is sent) and shows its tracking number to write on the parcels. It
 * needs signal: unlike a stop's actions, a pickup's answer is the number the driver writes down.
 */

type Pickup = DriverPickups[number];

type State =
  | { status: 'loading' }
  | { status: 'ready'; pickups: DriverPickups; busy: number | null; message: string }
  | { status: 'error'; message: string };

const $pickups = atom<State>({ status: 'loading' });

async function loadPickups(): Promise<void> {
  let pickups: DriverPickups | null;
  try {
    pickups = await getPickups();
  } catch (error) {
    console.error('[driver] pickups', error);
    if ($pickups.get().status !== 'ready') $pickups.set({ status: 'error', message: 'Could not load the pickups.' });
    return;
  }
  if (pickups) {
    // Kept before shown: what the driver has seen is there when the screen opens again without signal.
    await keepOnDevice('pickups', pickups);
    const current = $pickups.get();
    $pickups.set({ status: 'ready', pickups, busy: null, message: current.status === 'ready' ? current.message : '' });
    return;
  }
  const current = $pickups.get();
  if (current.status === 'ready') return;
  // No signal: where to collect, as last loaded (recording one still needs signal).
  const kept = await keptOnDevice<DriverPickups>('pickups');
  $pickups.set(
    kept
      ? { status: 'ready', pickups: kept, busy: null, message: 'No connection: showing the pickups as last loaded.' }
      : { status: 'error', message: 'No connection: the pickups show once there is signal.' },
  );
}

async function pickedUp(pickup: Pickup): Promise<void> {
  const state = $pickups.get();
  if (state.status !== 'ready') return;
  $pickups.set({ ...state, busy: pickup.id, message: '' });
  const answer = await completePickup(pickup.id);
  const message =
    answer === null
      ? 'Not recorded: no signal. Try again when online.'
      : 'trackingNumber' in answer
        ? `Picked up at ${pickup.address}: write ${answer.trackingNumber} on the parcels.`
        : `Not recorded: ${answer.refused}`;
  const after = $pickups.get();
  if (after.status === 'ready') $pickups.set({ ...after, busy: null, message });
  await loadPickups();
}

export function Pickups() {
  const state = useStore($pickups);
  useEffect(() => {
    void loadPickups();
  }, []);
  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <div role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-red-900">
        <p>{state.message}</p>
        <button type="button" className={`${SECONDARY} mt-2`} onClick={() => void loadPickups()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <section aria-labelledby="driver-pickups" className="mt-6">
      <h2 id="driver-pickups" className="text-xl font-bold">
        Pickups ({state.pickups.length})
      </h2>
      <p aria-live="polite" className="min-h-6">
        {state.message}
      </p>
      {state.pickups.length === 0 ? (
        <p>No pickups on your run today.</p>
      ) : (
        <ul className="space-y-3">
          {state.pickups.map((pickup) => (
            <li key={pickup.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="text-lg font-bold">
                {PICKUP_WINDOW_LABELS[pickup.pickup_window]}: {pickup.company ?? pickup.name}
              </h3>
              <p className="text-slate-700">
                {pickup.address}, {pickup.city}
              </p>
              <p>
                {pickup.pieces} {pickup.pieces === 1 ? 'piece' : 'pieces'}
                {pickup.notes ? ` · ${pickup.notes}` : ''}
              </p>
              <a
                href={`tel:${pickup.phone.replace(/[^\d+]/g, '')}`}
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Call {pickup.phone}
              </a>
              {pickup.status === 'picked_up' ? (
                <p className="mt-2 font-semibold">Picked up: {pickup.tracking_number}</p>
              ) : (
                <button
                  type="button"
                  className={`${PRIMARY} mt-2`}
                  disabled={state.busy === pickup.id}
                  onClick={() => void pickedUp(pickup)}
                >
                  Picked up<span className="sr-only"> at {pickup.address}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
