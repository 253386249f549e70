import { type SubmitEvent, useState } from 'react';
import { toast } from 'sonner';
import { type ShipmentListItem, shipmentDialogSchema, shipmentPatchSchema } from '@/lib/schemas/shipment';
import { ApiError, api, type FieldErrors } from '../api/client';
import { toDateInput } from '../format';
import { formValues, validate } from '../forms';
import { Dialog } from './Dialog';
import { buttonClass, Field, inputClass, secondaryButtonClass } from './Field';
import { PACKAGE_TYPES, StatusOptions } from './StatusSelect';

interface ShipmentDialogProps {
  /** The row being edited; absent for a new shipment. */
  shipment?: ShipmentListItem | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The Manage Shipments dialog: adds a shipment (`POST /api/shipments`) or edits a row (`PATCH /api/shipments/{n}`). */
export function ShipmentDialog({ shipment, open, onClose, onSaved }: ShipmentDialogProps) {
  const editing = Boolean(shipment);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setErrors({});
    onClose();
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const checked = editing ? validate(shipmentPatchSchema, values) : validate(shipmentDialogSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      if (shipment) {
        await api.patch(`/api/shipments/${encodeURIComponent(shipment.tracking_number)}`, checked.data);
        toast.success(`Shipment ${shipment.tracking_number} updated successfully`);
      } else {
        await api.post('/api/shipments', checked.data);
        toast.success('Shipment added successfully');
      }
      setErrors({});
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      console.error(editing ? 'Failed to update shipment' : 'Failed to add shipment', error);
      setErrors(error.fieldErrors);
      toast.error(editing ? error.message || 'Failed to update shipment' : 'Failed to add shipment');
    } finally {
      setBusy(false);
    }
  }

  const summary = Object.keys(errors).length;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={shipment ? `Edit Shipment ${shipment.tracking_number}` : 'Add New Shipment'}
    >
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {summary ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            Please correct the {summary === 1 ? 'field' : `${summary} fields`} marked below.
            {errors._ ? ` ${errors._.join(' ')}` : ''}
          </p>
        ) : null}
        <Field
          label="Customer"
          errors={errors.customer}
          hint={editing ? 'Leave empty to keep the current customer.' : 'Customer ID (e.g. CUS-1001) or exact name.'}
          className="sm:col-span-2"
        >
          {(props) => <input {...props} name="customer" type="text" className={inputClass} autoComplete="off" />}
        </Field>
        <Field label="Origin" errors={errors.origin}>
          {(props) => (
            <input {...props} name="origin" type="text" defaultValue={shipment?.origin ?? ''} className={inputClass} />
          )}
        </Field>
        <Field label="Destination" errors={errors.destination}>
          {(props) => (
            <input
              {...props}
              name="destination"
              type="text"
              defaultValue={shipment?.destination ?? ''}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="ETA" errors={errors.eta}>
          {(props) => (
            <input
              {...props}
              name="eta"
              type="date"
              defaultValue={toDateInput(shipment?.arrival_time)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Type" errors={errors.type}>
          {(props) => (
            <>
              <input
                {...props}
                name="type"
                type="text"
                list="package-types"
                defaultValue={shipment ? (shipment.package_type ?? '') : 'Standard'}
                className={inputClass}
              />
              <datalist id="package-types">
                {PACKAGE_TYPES.map((type) => (
                  <option key={type} value={type} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Status" errors={errors.status} className="sm:col-span-2">
          {(props) => (
            <select {...props} name="status" defaultValue={shipment?.status ?? 'preparing'} className={inputClass}>
              <StatusOptions />
            </select>
          )}
        </Field>
        <Field
          label="Notes"
          errors={errors.notes}
          className="sm:col-span-2"
          {...(editing ? { hint: 'Replaces the admin notes when filled in.' } : {})}
        >
          {(props) => <textarea {...props} name="notes" rows={3} className={inputClass} />}
        </Field>
        <div className="flex justify-end gap-3 sm:col-span-2">
          <button type="button" onClick={close} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonClass}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Submit'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
