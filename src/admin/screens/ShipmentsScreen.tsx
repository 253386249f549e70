import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ShipmentListItem } from '@/lib/schemas/shipment';
import { buttonClass, inputClass, secondaryButtonClass } from '../components/Field';
import { ShipmentDialog } from '../components/ShipmentDialog';
import { StatusBadge } from '../components/StatusBadge';
import { PACKAGE_TYPES, StatusOptions } from '../components/StatusSelect';
import { formatDate } from '../format';
import {
  $pageCursors,
  $shipmentFilters,
  $shipmentList,
  nextPage,
  previousPage,
  refreshPage,
  reloadShipments,
} from '../stores/shipments';

const SEARCH_DELAY_MS = 300;

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e'];
const SKELETON_CELLS = ['id', 'number', 'route', 'status', 'eta', 'type', 'actions'];

function SkeletonRows() {
  return (
    <>
      {SKELETON_ROWS.map((row) => (
        <tr key={row}>
          {SKELETON_CELLS.map((cell) => (
            <td key={cell} className="px-4 py-3">
              <div aria-hidden="true" className="h-4 animate-pulse rounded bg-slate-200" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export default function ShipmentsScreen() {
  const list = useStore($shipmentList);
  const filters = useStore($shipmentFilters);
  const cursors = useStore($pageCursors);
  const [search, setSearch] = useState(filters.q);
  const [filtersOpen, setFiltersOpen] = useState(Boolean(filters.status || filters.type));
  // The dialog keeps its row after closing (so it can close in place); a new key remounts it fresh on each opening.
  const [dialog, setDialog] = useState<{ open: boolean; key: number; shipment?: ShipmentListItem }>({
    open: false,
    key: 0,
  });
  const openDialog = (shipment?: ShipmentListItem) =>
    setDialog((current) => ({ open: true, key: current.key + 1, ...(shipment ? { shipment } : {}) }));
  const filtersId = useId();
  const firstSearch = useRef(true);

  useEffect(() => {
    void reloadShipments();
  }, []);

  // Search runs on the server, once typing pauses.
  useEffect(() => {
    if (firstSearch.current) {
      firstSearch.current = false;
      return;
    }
    const timer = setTimeout(() => {
      $shipmentFilters.setKey('q', search);
      void reloadShipments();
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const setFilter = (key: 'status' | 'type', value: string) => {
    $shipmentFilters.setKey(key, value);
    void reloadShipments();
  };

  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);
  const saved = () => {
    closeDialog();
    void (dialog.shipment ? refreshPage() : reloadShipments());
  };

  const activeFilters = [filters.status, filters.type].filter(Boolean).length;

  return (
    <section aria-labelledby="shipments-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="shipments-title" className="text-2xl font-bold text-slate-900">
          Manage Shipments
        </h1>
        <div className="flex gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => openDialog()}>
            Add Shipment
          </button>
          <a href="/admin/new_shipment" className={buttonClass}>
            New Shipment
          </a>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-60 flex-1">
          <label htmlFor="shipment-search" className="sr-only">
            Search shipments
          </label>
          <input
            id="shipment-search"
            type="search"
            placeholder="Search shipments..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={inputClass}
          />
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          Filters{activeFilters ? ` (${activeFilters})` : ''}
        </button>
      </div>
      <div id={filtersId} hidden={!filtersOpen} className="mt-3 rounded-md border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
              Status
            </label>
            <select
              id="filter-status"
              value={filters.status}
              onChange={(event) => setFilter('status', event.target.value)}
              className={inputClass}
            >
              <StatusOptions placeholder="All statuses" />
            </select>
          </div>
          <div>
            <label htmlFor="filter-type" className="block text-sm font-medium text-slate-800">
              Type
            </label>
            <select
              id="filter-type"
              value={filters.type}
              onChange={(event) => setFilter('type', event.target.value)}
              className={inputClass}
            >
              <option value="">All types</option>
              {PACKAGE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          {activeFilters ? (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                $shipmentFilters.set({ ...$shipmentFilters.get(), status: '', type: '' });
                void reloadShipments();
              }}
            >
              Clear filters
            </button>
          ) : null}
        </div>
      </div>

      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={list.status === 'loading'}>
          <caption className="sr-only">Shipments</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                ID
              </th>
              <th scope="col" className="px-4 py-3">
                Tracking ID
              </th>
              <th scope="col" className="px-4 py-3">
                Route
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                ETA
              </th>
              <th scope="col" className="px-4 py-3">
                Type
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {list.status === 'loading' ? (
              <SkeletonRows />
            ) : list.status === 'error' ? (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-red-700" role="alert">
                  {list.message}{' '}
                  <button type="button" className="font-semibold underline" onClick={() => void refreshPage()}>
                    Try again
                  </button>
                </td>
              </tr>
            ) : list.items.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-slate-700" role="status">
                  No shipments found.
                </td>
              </tr>
            ) : (
              list.items.map((shipment) => (
                <tr key={shipment.id}>
                  <td className="px-4 py-3 text-slate-700">{shipment.id}</td>
                  <td className="px-4 py-3 font-mono font-semibold text-slate-900">{shipment.tracking_number}</td>
                  <td className="px-4 py-3">
                    <div className="text-slate-900">{shipment.origin}</div>
                    <div className="text-slate-700">
                      <span aria-hidden="true">→ </span>
                      <span className="sr-only">to </span>
                      {shipment.destination}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={shipment.status} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">{formatDate(shipment.arrival_time)}</td>
                  <td className="px-4 py-3 text-slate-700">{shipment.package_type ?? '—'}</td>
                  <td className="px-4 py-3">
                    <div className="flex gap-2">
                      <a
                        href={`/admin/view_shipment/${shipment.tracking_number}`}
                        className="rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
                        aria-label={`View ${shipment.tracking_number}`}
                      >
                        View
                      </a>
                      <button
                        type="button"
                        className="rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
                        aria-label={`Edit ${shipment.tracking_number}`}
                        onClick={() => openDialog(shipment)}
                      >
                        Edit
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p role="status">
          {list.status === 'ready'
            ? `Showing ${list.items.length} of ${list.totalIsEstimate ? `${list.total.toLocaleString('en')}+` : list.total} shipments`
            : ''}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={cursors.length < 2 || list.status === 'loading'}
            onClick={() => void previousPage()}
          >
            Previous
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={list.status !== 'ready' || !list.nextCursor}
            onClick={() => void nextPage()}
          >
            Next
          </button>
        </div>
      </div>

      <ShipmentDialog
        key={dialog.key}
        open={dialog.open}
        shipment={dialog.shipment}
        onClose={closeDialog}
        onSaved={saved}
      />
    </section>
  );
}
