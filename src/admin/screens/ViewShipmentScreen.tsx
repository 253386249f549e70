import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { runsApi } from '@/lib/api/runs';
import { shipmentsApi } from '@/lib/api/shipments';
import { waybillsApi } from '@/lib/api/waybills';
import { useMay } from '../access';
import { secondaryButtonClass } from '../components/Field';
import { LoadFailed, Loading } from '../components/Loading';
import { Panel } from '../components/Panel';
import { ShipmentCustomer } from '../components/ShipmentCustomer';
import { ShipmentDialog } from '../components/ShipmentDialog';
import { StaffNotes } from '../components/StaffNotes';
import { StatusBadge } from '../components/StatusBadge';
import { Tabs } from '../components/Tabs';
import { hasDraft } from '../drafts';
import { $shipment, showShipment } from '../stores/shipment';
import { AssignmentHistory } from './view-shipment/AssignmentHistory';
import { LocationUpdateForm } from './view-shipment/LocationUpdateForm';
import { ProofPanel } from './view-shipment/ProofPanel';
import { ShipmentChanges } from './view-shipment/ShipmentChanges';
import { ShipmentFacts } from './view-shipment/ShipmentFacts';
import { ShipmentPieces } from './view-shipment/ShipmentPieces';
import { StatusUpdateForm } from './view-shipment/StatusUpdateForm';
import { TrackingHistory } from './view-shipment/TrackingHistory';

/**
 * A shipment on its own screen: its status and links (public tracking page, waybill), the status and location
 * updates, the customer, sender, recipient and details, the staff notes, its runs, the tracking history and the
 * record of edits; Edit shipment opens the edit dialog.
 */
const EDIT_DRAFT = 'edit-shipment';

export default function ViewShipmentScreen() {
  const state = useStore($shipment);
  const may = useMay();
  // Back from a lapsed session with the edit half typed, the dialog opens again with it.
  const [editing, setEditing] = useState(() => hasDraft(EDIT_DRAFT));

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <LoadFailed
        title="View Shipment"
        message={state.message}
        back={{ href: '/admin/shipments', label: 'Back to shipments' }}
      />
    );
  }

  const shipment = state.data;
  return (
    <section aria-labelledby="view-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="view-title" className="text-2xl font-bold text-slate-900">
          Tracking # <span className="font-mono">{shipment.tracking_number}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-4">
          <StatusBadge status={shipment.status ?? ''} />
          <a
            href={`/track?number=${encodeURIComponent(shipment.tracking_number)}`}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold text-brand-700 underline"
          >
            View on public tracking page<span className="sr-only"> (opens in a new tab)</span>
          </a>
          {may(waybillsApi.get) ? (
            <a
              href={`/admin/waybills?numbers=${encodeURIComponent(shipment.tracking_number)}`}
              target="_blank"
              rel="noopener"
              className="text-sm font-semibold text-brand-700 underline"
            >
              Print waybill<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {may(waybillsApi.get) ? (
            <a
              href={`/admin/waybills?numbers=${encodeURIComponent(shipment.tracking_number)}&format=label`}
              target="_blank"
              rel="noopener"
              className="text-sm font-semibold text-brand-700 underline"
            >
              Print labels<span className="sr-only"> (one per piece, opens in a new tab)</span>
            </a>
          ) : null}
          {may(shipmentsApi.edit) ? (
            <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
              Edit shipment
            </button>
          ) : null}
        </div>
      </div>

      {may(shipmentsApi.updateStatus) && may(shipmentsApi.updateLocation) ? (
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <Tabs
            label="Update shipment"
            tabs={[
              { title: 'Update Status', panel: <StatusUpdateForm shipment={shipment} /> },
              { title: 'Update Location', panel: <LocationUpdateForm shipment={shipment} /> },
            ]}
          />
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        {shipment.customer_id ? <ShipmentCustomer id={shipment.customer_id} /> : null}
        <ShipmentFacts shipment={shipment} />
        {shipment.pieces.length > 1 ? <ShipmentPieces shipment={shipment} /> : null}
        {shipment.status === 'delivered' ? <ProofPanel trackingNumber={shipment.tracking_number} /> : null}
        <div className="flex flex-col gap-6">
          <Panel title="Staff notes">
            <p className="mb-3 text-sm text-slate-700">
              <span className="font-semibold">Staff only:</span> never shown to customers.
            </p>
            <StaffNotes notes={shipment.notes} label="Staff notes, oldest first" />
            {shipment.agent_notes ? (
              <p className="mt-3 whitespace-pre-line text-sm text-slate-700">
                <span className="font-medium">Agent notes:</span> {shipment.agent_notes}
              </p>
            ) : null}
          </Panel>
          {may(runsApi.history) ? <AssignmentHistory trackingNumber={shipment.tracking_number} /> : null}
          <TrackingHistory histories={shipment.histories} />
          <Panel title="Changes">
            <ShipmentChanges changes={shipment.changes} />
          </Panel>
        </div>
      </div>
      <ShipmentDialog
        trackingNumber={shipment.tracking_number}
        open={editing}
        draft={EDIT_DRAFT}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          showShipment(saved);
        }}
      />
    </section>
  );
}
