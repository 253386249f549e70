import { useState } from 'react';
import { bulkApi } from '@/lib/api/bulk';
import { exportsApi } from '@/lib/api/exports';
import { runsApi } from '@/lib/api/runs';
import { waybillsApi } from '@/lib/api/waybills';
import type { ShipmentListItem } from '@/lib/schemas/shipment/list-item';
import { useMay } from '../../access';
import type { PagedState } from '../../stores/paged-list';
import { AssignDialog } from '../runs/AssignDialog';
import { BulkStatusDialog } from './BulkStatusDialog';
import type { BulkActions } from './SelectionBar';
import { type ListFilter, useSelection } from './selection';

/**
 * The list's bulk actions, for the office: the selection, which actions the role may take, and the dialogs
 * they open (Change status, Assign to run). A viewer has no select boxes at all.
 */
export function useBulkActions(filter: ListFilter, list: PagedState<ShipmentListItem>) {
  const may = useMay();
  const ready = list.status === 'ready' ? list : null;
  const picked = useSelection(filter, {
    numbers: ready?.items.map((item) => item.tracking_number) ?? [],
    total: ready?.total ?? 0,
    exact: ready ? !ready.totalIsEstimate : false,
  });
  const [open, setOpen] = useState<{ kind: 'status' } | { kind: 'assign'; numbers: string[] } | null>(null);
  const actions: BulkActions = {
    changeStatus: may(bulkApi.status) ? () => setOpen({ kind: 'status' }) : null,
    assign: may(runsApi.assign) ? (numbers) => setOpen({ kind: 'assign', numbers }) : null,
    print: may(waybillsApi.get),
    exporting: may(exportsApi.shipments),
  };
  const selecting = Boolean(actions.changeStatus || actions.assign || actions.print || actions.exporting);
  return { selecting, picked, actions, open, close: () => setOpen(null) };
}

export function BulkDialogs({ bulk }: { bulk: ReturnType<typeof useBulkActions> }) {
  const { open, close, picked } = bulk;
  return (
    <>
      <AssignDialog
        open={open?.kind === 'assign'}
        title="Assign to run"
        numbers={open?.kind === 'assign' ? open.numbers : []}
        onClose={close}
        onAssigned={picked.clear}
      />
      <BulkStatusDialog
        open={open?.kind === 'status'}
        selection={picked.selection}
        count={picked.count}
        onClose={close}
        onChanged={picked.clear}
      />
    </>
  );
}
