import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { PickupRecord } from '@/lib/schemas/pickup';
import { assignPickup, completePickup } from '../../api/pickups';
import { buttonClass, inputClass, secondaryButtonClass } from '../../components/Field';
import { own, toastFailure } from '../../forms';

type RunDriver = NonNullable<PickupRecord['driver']>;

const driverName = (driver: RunDriver) => driver.name ?? driver.email;

/** Puts a requested pickup on a driver's run of its day (or moves it to another driver's). */
export function AssignControl({ pickup, drivers }: { pickup: PickupRecord; drivers: RunDriver[] }) {
  const [driverId, setDriverId] = useState(pickup.driver ? String(pickup.driver.id) : '');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const assign = async () => {
    setBusy(true);
    try {
      const { data } = await assignPickup(pickup.id, Number(driverId));
      toast.success(`Pickup of ${data.name} is on the run of ${data.driver ? driverName(data.driver) : '?'}`);
    } catch (error) {
      toastFailure(error, 'Failed to assign the pickup', own);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="sr-only">
          Driver for the pickup of {pickup.name}
        </label>
        <select
          id={id}
          value={driverId}
          onChange={(event) => setDriverId(event.target.value)}
          className={`${inputClass} mt-0 w-auto`}
        >
          <option value="">Choose a driver</option>
          {drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driverName(driver)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={busy || !driverId || driverId === String(pickup.driver?.id ?? '')}
        onClick={() => void assign()}
      >
        {pickup.driver ? 'Move' : 'Assign'}
        <span className="sr-only"> the pickup of {pickup.name}</span>
      </button>
    </div>
  );
}

/** Records a pickup collected from the office: a new shipment, or linked to the tracking number given. */
export function CompleteControl({ pickup }: { pickup: PickupRecord }) {
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const complete = async () => {
    setBusy(true);
    try {
      const { data } = await completePickup(pickup.id, number);
      toast.success(
        data.created ? `Picked up: shipment ${data.tracking_number} booked` : `Picked up: ${data.tracking_number}`,
      );
    } catch (error) {
      toastFailure(error, 'Failed to record the pickup', (refusal) =>
        [refusal.message, ...Object.values(refusal.fieldErrors).flat()].join(' '),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-xs text-slate-700">
          Existing tracking number (optional)
        </label>
        <input
          id={id}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          autoComplete="off"
          className={`${inputClass} mt-0 w-40`}
        />
      </div>
      <button type="button" className={buttonClass} disabled={busy} onClick={() => void complete()}>
        Picked up<span className="sr-only"> (pickup of {pickup.name})</span>
      </button>
    </div>
  );
}
