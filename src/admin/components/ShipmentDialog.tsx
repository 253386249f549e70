import { SHIPMENT_NOT_FOUND, shipmentsApi } from '@/lib/api/shipments';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { useQuery } from '../stores/query';
import { Dialog } from './Dialog';
import { EditShipmentForm } from './EditShipmentForm';
import { ErrorAlert, secondaryButtonClass } from './Field';
import { QuickAddShipmentForm } from './QuickAddShipmentForm';

interface ShipmentDialogProps {
  /** The shipment to edit; absent for a new one. */
  trackingNumber?: string | undefined;
  open: boolean;
  onClose: () => void;
  /** The shipment as the server answered it. */
  onSaved: (shipment: Shipment) => void;
  /** The name the form's typed values are kept under across a lapsed session, if they are. */
  draft?: string | undefined;
}

/**
 * The Manage Shipments dialog: adds a shipment (`POST /api/shipments`) or edits one (`PATCH
 * /api/shipments/{n}`). Each opening mounts its form afresh (the dialog renders nothing while closed).
 */
export function ShipmentDialog({ trackingNumber, open, onClose, onSaved, draft }: ShipmentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={trackingNumber ? `Edit Shipment ${trackingNumber}` : 'Quick add shipment'}
    >
      {trackingNumber ? (
        <EditShipment trackingNumber={trackingNumber} onClose={onClose} onSaved={onSaved} draft={draft} />
      ) : (
        <QuickAddShipmentForm onClose={onClose} onSaved={onSaved} draft={draft} />
      )}
    </Dialog>
  );
}

/** The edit dialog reads the whole shipment (its address and notes are not in the list's rows). */
function EditShipment({
  trackingNumber,
  onClose,
  onSaved,
  draft,
}: {
  trackingNumber: string;
  onClose: () => void;
  onSaved: (shipment: Shipment) => void;
  draft: string | undefined;
}) {
  const state = useQuery(
    shipmentsApi.get,
    { params: { trackingNumber } },
    { fallback: 'Failed to fetch shipment.', expected: { 404: SHIPMENT_NOT_FOUND }, fresh: true },
  );

  if (state.status === 'loading') {
    return (
      <p role="status" className="text-slate-700">
        Loading shipment...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="flex flex-col items-start gap-4">
        <ErrorAlert>{state.message}</ErrorAlert>
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Close
        </button>
      </div>
    );
  }
  return <EditShipmentForm shipment={state.data} onClose={onClose} onSaved={onSaved} draft={draft} />;
}
