import { useStore } from '@nanostores/react';
import { useCallback, useId, useState } from 'react';
import { exportsApi } from '@/lib/api/exports';
import { importsApi } from '@/lib/api/imports';
import { shipmentsApi } from '@/lib/api/shipments';
import { formatDate, formatDateTime } from '@/lib/date-display';
import type { ShipmentListItem } from '@/lib/schemas/shipment/list-item';
import { useMay } from '../access';
import { ExportLink } from '../components/ExportLink';
import { buttonClass, secondaryButtonClass } from '../components/Field';
import { ListFooter } from '../components/ListFooter';
import { Filter, ListViews, SearchAndFilters, SearchBox } from '../components/ListParts';
import { ShipmentDialog } from '../components/ShipmentDialog';
import { StatusBadge } from '../components/StatusBadge';
import { PACKAGE_TYPES, StatusFilterOptions } from '../components/StatusSelect';
import { hasDraft } from '../drafts';
import { goToList, useSearchBox, useSearchParams } from '../list-url';
import { $shipmentList, refreshShipments, type ShipmentListParams, shipmentParams } from '../stores/shipments';
import { BulkDialogs, useBulkActions } from './shipments/bulk-actions';
import { SelectionBar } from './shipments/SelectionBar';

const QUICK_ADD_DRAFT = 'quick-add-shipment';

const COLUMNS = ['ID', 'Tracking ID', 'Route', 'Status', 'ETA', 'Type', 'Actions'];
/** The select box's column, then the headed ones. */
const CELLS = ['select', ...COLUMNS];

const actionClass = 'rounded px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:underline';

function Actions({ shipment, onEdit }: { shipment: ShipmentListItem; onEdit: (() => void) | null }) {
  return (
    <div className="flex gap-2">
      <a
        href={`/admin/view_shipment/${shipment.tracking_number}`}
        className={actionClass}
        aria-label={`View ${shipment.tracking_number}`}
      >
        View
      </a>
      {onEdit ? (
        <button type="button" className={actionClass} aria-label={`Edit ${shipment.tracking_number}`} onClick={onEdit}>
          Edit
        </button>
      ) : null}
    </div>
  );
}

function Route({ shipment }: { shipment: ShipmentListItem }) {
  return (
    <>
      <div className="text-slate-900">{shipment.origin}</div>
      <div className="text-slate-700">
        <span aria-hidden="true">→ </span>
        <span className="sr-only">to </span>
        {shipment.destination}
      </div>
    </>
  );
}

export default function ShipmentsScreen() {
  const list = useStore($shipmentList);
  const params = shipmentParams(useSearchParams());
  const { q, status, type, delivered_since } = params;
  const go = (next: Partial<ShipmentListParams>, options?: { replace?: boolean }) =>
    goToList('shipments', { q, status, type, delivered_since, ...next }, options);
  // Search and filters start again from the first page; typing replaces the history entry.
  const [search, setSearch] = useSearchBox(q, (value) => go({ q: value }, { replace: true }));
  // The dialog keeps its row after closing (so it can close in place); a new key remounts it fresh on each opening.
  // Back from a lapsed session with a quick add half typed, the dialog opens again with it.
  const [dialog, setDialog] = useState<{ open: boolean; key: number; shipment?: ShipmentListItem }>(() => ({
    open: hasDraft(QUICK_ADD_DRAFT),
    key: 0,
  }));
  const openDialog = (shipment?: ShipmentListItem) =>
    setDialog((current) => ({ open: true, key: current.key + 1, ...(shipment ? { shipment } : {}) }));
  const hintId = useId();
  const may = useMay();
  const editing = may(shipmentsApi.edit);
  const importing = may(importsApi.send);
  const adding = { quick: may(shipmentsApi.create), full: may(shipmentsApi.addTracking) };

  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);
  const saved = () => {
    closeDialog();
    // A new shipment is first in the list: show the first page. The page shown is asked again after any write.
    if (!dialog.shipment && (params.cursor || params.before)) go({});
  };

  const activeFilters = [status, type, delivered_since].filter(Boolean).length;
  const items = list.status === 'ready' ? list.items : [];
  const bulk = useBulkActions({ q, status, type, delivered_since }, list);
  const { selecting, picked } = bulk;
  const selectBox = (number: string) => (
    <input
      type="checkbox"
      aria-label={`Select ${number}`}
      checked={picked.has(number)}
      onChange={(event) => picked.toggle([number], event.target.checked)}
    />
  );

  return (
    <section aria-labelledby="shipments-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="shipments-title" className="text-2xl font-bold text-slate-900">
          Manage Shipments
        </h1>
        <div className="flex flex-col items-end gap-1">
          <div className="flex flex-wrap justify-end gap-2">
            <ExportLink
              endpoint={exportsApi.shipments}
              filters={{ q, status, type, delivered_since }}
              file="shipments.csv"
              what="shipments"
            />
            {importing ? (
              <a href="/admin/shipments/import" className={secondaryButtonClass}>
                Import
              </a>
            ) : null}
            {adding.quick ? (
              <button
                type="button"
                className={secondaryButtonClass}
                aria-describedby={hintId}
                onClick={() => openDialog()}
              >
                Quick add
              </button>
            ) : null}
            {adding.full ? (
              <a href="/admin/new_shipment" className={buttonClass} aria-describedby={hintId}>
                New shipment
              </a>
            ) : null}
          </div>
          {adding.quick && adding.full ? (
            <p id={hintId} className="text-xs text-slate-600">
              Quick add: customer, route and status. New shipment: every field.
            </p>
          ) : null}
        </div>
      </div>

      <SearchAndFilters
        search={<SearchBox id="shipment-search" label="Search shipments" value={search} onChange={setSearch} />}
        active={activeFilters}
        onClear={() => go({ status: '', type: '', delivered_since: '' })}
      >
        <Filter id="filter-status" label="Status" value={status} onChange={(value) => go({ status: value })}>
          <StatusFilterOptions value={status} />
        </Filter>
        <Filter id="filter-type" label="Type" value={type} onChange={(value) => go({ type: value })}>
          <option value="">All types</option>
          {PACKAGE_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Filter>
        {delivered_since ? (
          <p className="self-center text-sm text-slate-800">Delivered since {formatDateTime(delivered_since)}</p>
        ) : null}
      </SearchAndFilters>

      {selecting && list.status === 'ready' ? (
        <SelectionBar picked={picked} pageSize={items.length} actions={bulk.actions} />
      ) : null}

      <ListViews
        state={list}
        empty="No shipments found."
        onRetry={() => void refreshShipments()}
        caption="Shipments"
        columns={COLUMNS}
        first={
          selecting && (
            <th scope="col" className="px-4 py-3">
              <input
                type="checkbox"
                aria-label="Select every shipment on this page"
                checked={picked.page.whole}
                ref={(box) => {
                  if (box) box.indeterminate = picked.page.selected > 0 && !picked.page.whole;
                }}
                disabled={items.length === 0}
                onChange={(event) => picked.toggle(picked.pageNumbers, event.target.checked)}
              />
            </th>
          )
        }
        cells={selecting ? CELLS : COLUMNS}
        cardHeight="h-28"
        row={(shipment) => (
          <tr key={shipment.id}>
            {selecting ? <td className="px-4 py-3">{selectBox(shipment.tracking_number)}</td> : null}
            <td className="px-4 py-3 text-slate-700">{shipment.id}</td>
            <td className="px-4 py-3 font-mono font-semibold text-slate-900">{shipment.tracking_number}</td>
            <td className="px-4 py-3">
              <Route shipment={shipment} />
            </td>
            <td className="px-4 py-3">
              <StatusBadge status={shipment.status} />
            </td>
            <td className="px-4 py-3 text-slate-700">{formatDate(shipment.estimated_delivery)}</td>
            <td className="px-4 py-3 text-slate-700">{shipment.package_type ?? '—'}</td>
            <td className="px-4 py-3">
              <Actions shipment={shipment} onEdit={editing ? () => openDialog(shipment) : null} />
            </td>
          </tr>
        )}
        card={(shipment) => (
          <li key={shipment.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2 font-mono font-semibold text-slate-900">
                {selecting ? selectBox(shipment.tracking_number) : null}
                {shipment.tracking_number}
              </span>
              <StatusBadge status={shipment.status} />
            </div>
            <div className="mt-2 text-sm">
              <Route shipment={shipment} />
            </div>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
              <dt className="text-slate-700">ID</dt>
              <dd className="text-slate-900">{shipment.id}</dd>
              <dt className="text-slate-700">ETA</dt>
              <dd className="text-slate-900">{formatDate(shipment.estimated_delivery)}</dd>
              <dt className="text-slate-700">Type</dt>
              <dd className="text-slate-900">{shipment.package_type ?? '—'}</dd>
            </dl>
            <div className="mt-2 -ml-2">
              <Actions shipment={shipment} onEdit={editing ? () => openDialog(shipment) : null} />
            </div>
          </li>
        )}
      />

      <ListFooter state={list} noun="shipments" onPage={go} />

      <BulkDialogs bulk={bulk} />
      <ShipmentDialog
        key={dialog.key}
        open={dialog.open}
        trackingNumber={dialog.shipment?.tracking_number}
        draft={dialog.shipment ? undefined : QUICK_ADD_DRAFT}
        onClose={closeDialog}
        onSaved={saved}
      />
    </section>
  );
}
