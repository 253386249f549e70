import { type BaseSyntheticEvent, type ReactNode, useEffect } from 'react';
import { type UseFormRegisterReturn, useController } from 'react-hook-form';
import { toast } from 'sonner';
import { type ShipmentListItem, shipmentDialogSchema, shipmentPatchSchema } from '@/lib/schemas/shipment';
import { ApiError } from '../api/client';
import { editShipment, quickAddShipment } from '../api/shipments';
import { toDateInput } from '../format';
import { applyServerErrors, useSchemaForm } from '../forms';
import { CustomerCombobox } from './CustomerCombobox';
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

const FIELDS = ['customer', 'origin', 'destination', 'eta', 'type', 'status', 'notes'] as const;

const defaultsFor = (shipment: ShipmentListItem | undefined) => ({
  customer: '',
  origin: shipment?.origin ?? '',
  destination: shipment?.destination ?? '',
  eta: toDateInput(shipment?.estimated_delivery),
  type: shipment ? (shipment.package_type ?? '') : 'Standard',
  status: shipment?.status ?? 'preparing',
  notes: '',
});

/** The Manage Shipments dialog: adds a shipment (`POST /api/shipments`) or edits a row (`PATCH /api/shipments/{n}`). */
export function ShipmentDialog(props: ShipmentDialogProps) {
  return props.shipment ? <EditForm {...props} shipment={props.shipment} /> : <AddForm {...props} />;
}

function AddForm({ open, onClose, onSaved }: ShipmentDialogProps) {
  const form = useSchemaForm(shipmentDialogSchema, defaultsFor(undefined));
  // The customer is chosen in a combobox: its value is the chosen customer's id (or the text typed).
  const { field: customer } = useController({ control: form.control, name: 'customer' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await quickAddShipment(values);
      toast.success('Shipment added successfully');
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      console.error('Failed to add shipment', error);
      applyServerErrors(form.setError, FIELDS, error.fieldErrors);
      toast.error('Failed to add shipment');
    }
  });
  return (
    <DialogForm
      form={form}
      submit={submit}
      open={open}
      onClose={onClose}
      editing={false}
      title="Quick add shipment"
      customerInput={(props) => (
        <CustomerCombobox
          {...props}
          inputRef={customer.ref}
          onBlur={customer.onBlur}
          onChange={(text, chosen) => customer.onChange(chosen?.id ?? text)}
        />
      )}
    />
  );
}

function EditForm({ shipment, open, onClose, onSaved }: ShipmentDialogProps & { shipment: ShipmentListItem }) {
  const form = useSchemaForm(shipmentPatchSchema, defaultsFor(shipment));
  const submit = form.handleSubmit(async (values) => {
    try {
      await editShipment(shipment.tracking_number, values);
      toast.success(`Shipment ${shipment.tracking_number} updated successfully`);
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      console.error('Failed to update shipment', error);
      applyServerErrors(form.setError, FIELDS, error.fieldErrors);
      toast.error(error.message || 'Failed to update shipment');
    }
  });
  return (
    <DialogForm
      form={form}
      submit={submit}
      open={open}
      onClose={onClose}
      editing
      title={`Edit Shipment ${shipment.tracking_number}`}
      reopen={shipment}
    />
  );
}

type DialogField = (typeof FIELDS)[number];

interface DialogFormProps {
  /** The add or the edit form: both have the dialog's fields. */
  form: {
    register: (name: DialogField) => UseFormRegisterReturn;
    reset: (values: ReturnType<typeof defaultsFor>) => void;
    formState: {
      errors: Partial<Record<DialogField, { message?: string | undefined }>> & {
        root?: Record<string, { message?: string | undefined }>;
      };
      isSubmitting: boolean;
    };
  };
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  open: boolean;
  onClose: () => void;
  editing: boolean;
  title: string;
  /** The row being edited: each opening starts from it. */
  reopen?: ShipmentListItem;
  /** The customer control, when not a plain text input (the add path's combobox). */
  customerInput?: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

function DialogForm({ form, submit, open, onClose, editing, title, reopen, customerInput }: DialogFormProps) {
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  useEffect(() => {
    if (open) reset(defaultsFor(reopen));
  }, [open, reopen, reset]);
  const message = (name: DialogField) => {
    const text = errors[name]?.message;
    return text ? [text] : undefined;
  };

  const summary = FIELDS.filter((name) => errors[name]).length;
  const serverMessage = errors.root?.server?.message;
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {summary || serverMessage ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {summary ? `Please correct the ${summary === 1 ? 'field' : `${summary} fields`} marked below.` : ''}
            {serverMessage ? ` ${serverMessage}` : ''}
          </p>
        ) : null}
        <Field
          label="Customer"
          errors={message('customer')}
          hint={
            editing
              ? 'Leave empty to keep the current customer.'
              : 'Type part of a name, contact, email or id, then choose from the list.'
          }
          className="sm:col-span-2"
        >
          {(props) =>
            customerInput ? (
              customerInput(props)
            ) : (
              <input {...props} {...register('customer')} type="text" className={inputClass} autoComplete="off" />
            )
          }
        </Field>
        <Field label="Origin" errors={message('origin')}>
          {(props) => <input {...props} {...register('origin')} type="text" className={inputClass} />}
        </Field>
        <Field label="Destination" errors={message('destination')}>
          {(props) => <input {...props} {...register('destination')} type="text" className={inputClass} />}
        </Field>
        <Field label="ETA" errors={message('eta')}>
          {(props) => <input {...props} {...register('eta')} type="date" className={inputClass} />}
        </Field>
        <Field label="Type" errors={message('type')}>
          {(props) => (
            <>
              <input {...props} {...register('type')} type="text" list="package-types" className={inputClass} />
              <datalist id="package-types">
                {PACKAGE_TYPES.map((type) => (
                  <option key={type} value={type} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Status" errors={message('status')} className="sm:col-span-2">
          {(props) => (
            <select {...props} {...register('status')} className={inputClass}>
              <StatusOptions />
            </select>
          )}
        </Field>
        <Field
          label="Notes"
          errors={message('notes')}
          className="sm:col-span-2"
          {...(editing ? { hint: 'Replaces the admin notes when filled in.' } : {})}
        >
          {(props) => <textarea {...props} {...register('notes')} rows={3} className={inputClass} />}
        </Field>
        <div className="flex justify-end gap-3 sm:col-span-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={isSubmitting} className={buttonClass}>
            {isSubmitting ? 'Saving...' : editing ? 'Save Changes' : 'Submit'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
