import { useEffect, useState } from 'react';
import { SHIPMENT_NOT_FOUND } from '@/lib/api/shipments';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { getShipment } from '../api/shipments';
import { failureMessage } from '../stores/load';
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
}

/**
 * The Manage Shipments dialog: adds a shipment (`POST /api/shipments`) or edits one (`PATCH
 * /api/shipments/{n}`). Each opening mounts its form afresh (the dialog renders nothing while closed).
 */
export function ShipmentDialog({ trackingNumber, open, onClose, onSaved }: ShipmentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={trackingNumber ? `Edit Shipment ${trackingNumber}` : 'Quick add shipment'}
    >
      {trackingNumber ? (
        <EditShipment trackingNumber={trackingNumber} onClose={onClose} onSaved={onSaved} />
      ) : (
        <QuickAddShipmentForm onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; shipment: Shipment };

/** The edit dialog reads the whole shipment (its address and notes are not in the list's rows). */
function EditShipment({
  trackingNumber,
  onClose,
  onSaved,
}: {
  trackingNumber: string;
  onClose: () => void;
  onSaved: (shipment: Shipment) => void;
}) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getShipment(trackingNumber, { signal: controller.signal }).then(
      ({ data }) => setState({ status: 'ready', shipment: data }),
      (error: unknown) => {
        const message = failureMessage(error, 'Failed to fetch shipment.', { 404: SHIPMENT_NOT_FOUND });
        if (message) setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [trackingNumber]);

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
  return <EditShipmentForm shipment={state.shipment} onClose={onClose} onSaved={onSaved} />;
}
