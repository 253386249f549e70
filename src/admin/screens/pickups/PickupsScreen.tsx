import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { formatDate } from '@/lib/date-display';
import { PICKUP_WINDOW_LABELS } from '@/lib/pickup-hours';
import { PICKUP_STATUS_LABELS, PICKUP_STATUSES, type PickupRecord } from '@/lib/schemas/pickup';
import { formatWeight } from '@/lib/weight';
import { inputClass } from '../../components/Field';
import { ScrollingTable } from '../../components/ListParts';
import { Loaded } from '../../components/Loading';
import { $router } from '../../router';
import { $pickups } from '../../stores/pickups';
import { AssignControl, CompleteControl } from './PickupActions';

type Driver = NonNullable<PickupRecord['driver']>;

/** A pickup's row: when, who, where, what, and what the dispatcher can do with it. */
function PickupRow({ pickup, drivers, open }: { pickup: PickupRecord; drivers: Driver[]; open: boolean }) {
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-4 py-3 font-semibold">{PICKUP_WINDOW_LABELS[pickup.pickup_window]}</td>
      <td className="px-4 py-3 [overflow-wrap:anywhere]">
        <div className="font-semibold text-slate-900">{pickup.company ?? pickup.name}</div>
        {pickup.company ? <div>{pickup.name}</div> : null}
        <div>{pickup.phone}</div>
        <a href={`mailto:${pickup.email}`} className="text-brand-700 underline">
          {pickup.email}
        </a>
      </td>
      <td className="px-4 py-3">
        {pickup.address}, {pickup.city}
        {pickup.destination ? <div className="text-slate-700">To {pickup.destination}</div> : null}
        {pickup.notes ? <div className="text-slate-700">Note: {pickup.notes}</div> : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        {pickup.pieces} {pickup.pieces === 1 ? 'piece' : 'pieces'}, {formatWeight(pickup.weight_kg)}
      </td>
      <td className="px-4 py-3">
        {PICKUP_STATUS_LABELS[pickup.status]}
        {pickup.tracking_number ? (
          <div>
            <a href={`/admin/view_shipment/${pickup.tracking_number}`} className="font-mono text-brand-700 underline">
              {pickup.tracking_number}
            </a>
          </div>
        ) : null}
      </td>
      <td className="px-4 py-3">
        {pickup.driver && pickup.run_id ? (
          <a href={`/admin/runs/${pickup.run_id}/sheet`} className="font-semibold text-brand-700 underline">
            {pickup.driver.name ?? pickup.driver.email}
            <span className="sr-only">: run sheet</span>
          </a>
        ) : (
          <div>Not on a run</div>
        )}
        {open && pickup.status === 'requested' ? (
          <>
            <AssignControl pickup={pickup} drivers={drivers} />
            <CompleteControl pickup={pickup} />
          </>
        ) : null}
      </td>
    </tr>
  );
}

const COLUMNS = ['Window', 'Contact', 'Address', 'Pieces', 'Status', 'Run'];

/**
 * The Pickups queue (dispatchers, admins): the pickups booked for a day (today in the company's day until
 * one is chosen) in window order, by status; each put on a driver's run of that day, or recorded collected.
 */
export default function PickupsScreen() {
  const pickups = useStore($pickups);
  const dateId = useId();
  const statusId = useId();
  const search = useStore($router)?.search ?? {};
  const show = (next: { date?: string; status?: string }) => {
    const params = new URLSearchParams(
      Object.entries({ date: search.date ?? '', status: search.status ?? '', ...next }).filter(([, value]) => value),
    );
    $router.open(`/admin/pickups${params.size ? `?${params}` : ''}`);
  };

  return (
    <section aria-labelledby="pickups-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="pickups-title" className="text-2xl font-bold text-slate-900">
            Pickups
          </h1>
          <p className="mt-1 text-slate-700">Collections booked on the website, by day and window.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <div>
            <label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
              Day
            </label>
            <input
              id={dateId}
              type="date"
              value={pickups.status === 'ready' ? pickups.data.date : (search.date ?? '')}
              onChange={(event) => show({ date: event.target.value })}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
              Status
            </label>
            <select
              id={statusId}
              value={search.status ?? ''}
              onChange={(event) => show({ status: event.target.value })}
              className={inputClass}
            >
              <option value="">All statuses</option>
              {PICKUP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PICKUP_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <Loaded state={pickups}>
        {({ date, today, pickups: rows, drivers }) => (
          <>
            <p role="status" className="text-sm text-slate-800">
              {date === today ? 'Today, ' : ''}
              {formatDate(date, { style: 'long' })}: {rows.length === 1 ? '1 pickup' : `${rows.length} pickups`}
            </p>
            {rows.length === 0 ? (
              <p className="rounded-md bg-white p-4 text-slate-900">No pickups booked for this day.</p>
            ) : (
              <ScrollingTable
                label="Pickups"
                caption={`Pickups of ${formatDate(date, { style: 'long' })}`}
                className="rounded-md bg-white text-left text-slate-900 shadow-sm"
              >
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {rows.map((pickup) => (
                    <PickupRow key={pickup.id} pickup={pickup} drivers={drivers} open={date >= today} />
                  ))}
                </tbody>
              </ScrollingTable>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
