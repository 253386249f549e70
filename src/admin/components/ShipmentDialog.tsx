import { useEffect, useId, useState } from 'react';
import { type UseFormRegisterReturn, useController, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { BodyInput } from '@/lib/api/contract';
import type { shipmentsApi } from '@/lib/api/shipments';
import { CORRECTION_FIELDS, type CorrectionField } from '@/lib/schemas/shipment/corrections';
import { shipmentDialogSchema } from '@/lib/schemas/shipment/dialog';
import { shipmentEditFormSchema } from '@/lib/schemas/shipment/edit-form';
import { SHIPMENT_FIELD_LABELS } from '@/lib/schemas/shipment/field-labels';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { ApiError } from '../api/client';
import { editShipment, getShipment, quickAddShipment } from '../api/shipments';
import { localTimeZone, toDateInput, toDateTimeInput } from '../format';
import { applyServerErrors, messagesOf, useSchemaForm } from '../forms';
import { failureMessage } from '../stores/load';
import { CustomerCombobox } from './CustomerCombobox';
import { Dialog, DialogActions } from './Dialog';
import { ErrorAlert, ErrorSummary, Field, inputClass, secondaryButtonClass } from './Field';
import { StaffNotes } from './StaffNotes';
import { PACKAGE_TYPES, StatusOptions } from './StatusSelect';

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
        <AddShipment onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

const NEXT_ARRIVAL_HINT = () => `When it reaches its next stop, in your time zone (${localTimeZone()}).`;
const ESTIMATED_DELIVERY_HINT = 'The date promised to the customer.';

/** The package type: free text, with the usual types suggested. */
function TypeInput(props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } & UseFormRegisterReturn) {
  const listId = `${props.id}-types`;
  return (
    <>
      <input {...props} type="text" list={listId} className={inputClass} />
      <datalist id={listId}>
        {PACKAGE_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </>
  );
}

type ScheduleField = 'estimated_delivery' | 'arrival_time' | 'type' | 'status';

/** The fields both dialogs share: when it is due, when it next arrives, what it is and where it stands. */
function ScheduleFields({
  field,
  errorsOf,
}: {
  field: (name: ScheduleField) => UseFormRegisterReturn;
  errorsOf: (name: ScheduleField) => string[] | undefined;
}) {
  return (
    <>
      <Field label="Estimated delivery" hint={ESTIMATED_DELIVERY_HINT} errors={errorsOf('estimated_delivery')}>
        {(props) => <input {...props} {...field('estimated_delivery')} type="date" className={inputClass} />}
      </Field>
      <Field label="Next arrival" hint={NEXT_ARRIVAL_HINT()} errors={errorsOf('arrival_time')}>
        {(props) => <input {...props} {...field('arrival_time')} type="datetime-local" className={inputClass} />}
      </Field>
      <Field label="Type" errors={errorsOf('type')}>
        {(props) => <TypeInput {...props} {...field('type')} />}
      </Field>
      <Field label="Status" errors={errorsOf('status')}>
        {(props) => (
          <select {...props} {...field('status')} className={inputClass}>
            <StatusOptions />
          </select>
        )}
      </Field>
    </>
  );
}

const ADD_FIELDS = [
  'customer',
  'origin',
  'destination',
  'estimated_delivery',
  'arrival_time',
  'type',
  'status',
  'notes',
] as const;

function AddShipment({ onClose, onSaved }: { onClose: () => void; onSaved: (shipment: Shipment) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useSchemaForm(
    shipmentDialogSchema,
    {
      customer: '',
      origin: '',
      destination: '',
      estimated_delivery: '',
      arrival_time: '',
      type: 'Standard',
      status: 'preparing',
      notes: '',
    },
    { localDateTimes: ['arrival_time'] },
  );
  // The customer is chosen in a combobox: its value is the chosen customer's id (or the text typed).
  const { field: customer } = useController({ control, name: 'customer' });
  const submit = handleSubmit(async (values) => {
    try {
      const { data } = await quickAddShipment(values);
      toast.success('Shipment added successfully');
      onSaved(data);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      console.error('Failed to add shipment', error);
      applyServerErrors(setError, ADD_FIELDS, error.fieldErrors);
      toast.error('Failed to add shipment');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <ErrorSummary count={ADD_FIELDS.filter((name) => errors[name]).length} server={errors.root?.server?.message} />
      <Field
        label="Customer"
        errors={messagesOf(errors, 'customer')}
        hint="Type part of a name, contact, email or id, then choose from the list."
        className="sm:col-span-2"
      >
        {(props) => (
          <CustomerCombobox
            {...props}
            inputRef={customer.ref}
            onBlur={customer.onBlur}
            onChange={(text, chosen) => customer.onChange(chosen?.id ?? text)}
          />
        )}
      </Field>
      <Field label="Origin" errors={messagesOf(errors, 'origin')}>
        {(props) => <input {...props} {...register('origin')} type="text" className={inputClass} />}
      </Field>
      <Field label="Destination" errors={messagesOf(errors, 'destination')}>
        {(props) => <input {...props} {...register('destination')} type="text" className={inputClass} />}
      </Field>
      <ScheduleFields field={(name) => register(name)} errorsOf={(name) => messagesOf(errors, name)} />
      <Field
        label="Staff note"
        hint="Optional. Kept with your name and the time; customers never see it."
        errors={messagesOf(errors, 'notes')}
        className="sm:col-span-2"
      >
        {(props) => <textarea {...props} {...register('notes')} rows={3} className={inputClass} />}
      </Field>
      <DialogActions onCancel={onClose} busy={isSubmitting} label="Submit" />
    </form>
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
        const message = failureMessage(error, 'Failed to fetch shipment.', { 404: 'Shipment not found.' });
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
  return <EditForm shipment={state.shipment} onClose={onClose} onSaved={onSaved} />;
}

/** What the edit form corrects beyond the route and schedule, grouped as the dialog shows them. */
const CORRECTION_GROUPS: Array<{ legend: string; fields: Array<{ name: CorrectionField; input: InputKind }> }> = [
  {
    legend: 'Sender',
    fields: [
      { name: 'sender_name', input: 'text' },
      { name: 'sender_email', input: 'email' },
      { name: 'sender_phone', input: 'tel' },
      { name: 'sender_address', input: 'textarea' },
    ],
  },
  {
    legend: 'Recipient contact',
    fields: [
      { name: 'recipient_name', input: 'text' },
      { name: 'recipient_mail', input: 'email' },
      { name: 'recipient_phone', input: 'tel' },
    ],
  },
  {
    legend: 'Goods',
    fields: [
      { name: 'weight', input: 'number' },
      { name: 'dimensions', input: 'text' },
      { name: 'contents', input: 'textarea' },
      { name: 'declared_value', input: 'number' },
    ],
  },
  {
    legend: 'Courier and customs',
    fields: [
      { name: 'courier', input: 'text' },
      { name: 'delivery_method', input: 'text' },
      { name: 'customs_status', input: 'text' },
      { name: 'customs_fees', input: 'number' },
    ],
  },
  {
    legend: 'Dates and agent notes',
    fields: [
      { name: 'order_date', input: 'date' },
      { name: 'shipping_date', input: 'date' },
      { name: 'delivery_date', input: 'date' },
      { name: 'agent_notes', input: 'textarea' },
    ],
  },
];
type InputKind = 'text' | 'email' | 'tel' | 'number' | 'date' | 'textarea';

const EDIT_FIELDS = [
  'customer',
  'origin',
  'destination',
  'recipient_address',
  'estimated_delivery',
  'arrival_time',
  'type',
  'status',
  ...CORRECTION_FIELDS,
  'notes',
] as const;

/** The fields whose change is sent as it is; an emptied optional one is sent as null (cleared). */
const CHANGEABLE = [
  'origin',
  'destination',
  'recipient_address',
  'estimated_delivery',
  'arrival_time',
  'type',
  'status',
  ...CORRECTION_FIELDS,
] as const;

const ADDRESS_AFTER_MOVE = "The destination changed: enter the recipient's address there.";

/** A stored value as its input shows it: numbers as text, nothing as empty. */
const asInput = (value: string | number | null) => (value === null ? '' : String(value));

function EditForm({
  shipment,
  onClose,
  onSaved,
}: {
  shipment: Shipment;
  onClose: () => void;
  onSaved: (shipment: Shipment) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useSchemaForm(
    shipmentEditFormSchema,
    {
      customer: '',
      origin: shipment.origin,
      destination: shipment.destination,
      recipient_address: shipment.recipient_address,
      estimated_delivery: toDateInput(shipment.estimated_delivery),
      arrival_time: toDateTimeInput(shipment.arrival_time),
      type: shipment.package_type ?? '',
      status: shipment.status,
      ...Object.fromEntries(CORRECTION_FIELDS.map((name) => [name, asInput(shipment[name])])),
      notes: '',
    },
    { localDateTimes: ['arrival_time'] },
  );
  const { field: customer } = useController({ control, name: 'customer' });
  const notesId = useId();
  const destination = String(useWatch({ control, name: 'destination' }) ?? '');
  const moved = destination.trim() !== shipment.destination;
  // A quick-added shipment's address is its destination: it follows the destination until staff
  // type an address (the server derives it the same way when no address is sent).
  const follows = shipment.recipient_address === shipment.destination && !dirtyFields.recipient_address;
  useEffect(() => {
    if (follows) setValue('recipient_address', destination);
  }, [follows, destination, setValue]);

  const submit = handleSubmit(async (values) => {
    if (dirtyFields.destination && !dirtyFields.recipient_address && !follows) {
      setError('recipient_address', { message: ADDRESS_AFTER_MOVE }, { shouldFocus: true });
      return;
    }
    // Only what staff changed is sent: what they did not touch stays as it is, even if someone
    // else changed it meanwhile.
    const body: BodyInput<typeof shipmentsApi.edit> = {};
    if (values.customer) body.customer = values.customer;
    for (const name of CHANGEABLE) {
      if (dirtyFields[name] && !(name === 'recipient_address' && follows)) body[name] = values[name] ?? null;
    }
    if (values.notes) body.notes = values.notes;
    try {
      const { data } = await editShipment(shipment.tracking_number, body);
      toast.success(`Shipment ${shipment.tracking_number} updated successfully`);
      onSaved(data);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) return;
      console.error('Failed to update shipment', error);
      applyServerErrors(setError, EDIT_FIELDS, error.fieldErrors);
      toast.error(error.message || 'Failed to update shipment');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <ErrorSummary count={EDIT_FIELDS.filter((name) => errors[name]).length} server={errors.root?.server?.message} />
      <Field
        label="Customer"
        errors={messagesOf(errors, 'customer')}
        hint={`${shipment.customer_id ? `Now ${shipment.customer_id}. ` : ''}Leave empty to keep it; to change it, type part of a name, email, phone or id and choose from the list.`}
        className="sm:col-span-2"
      >
        {(props) => (
          <CustomerCombobox
            {...props}
            inputRef={customer.ref}
            onBlur={customer.onBlur}
            onChange={(text, chosen) => customer.onChange(chosen?.id ?? text)}
          />
        )}
      </Field>
      <Field label="Origin" errors={messagesOf(errors, 'origin')} className="sm:col-span-2">
        {(props) => <input {...props} {...register('origin')} type="text" className={inputClass} />}
      </Field>
      <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Destination and recipient address</legend>
        <Field
          label="Destination"
          hint="City, Country (or a country alone)."
          errors={messagesOf(errors, 'destination')}
        >
          {(props) => <input {...props} {...register('destination')} type="text" className={inputClass} />}
        </Field>
        <Field
          label="Recipient address"
          hint={
            follows
              ? 'Follows the destination until you type the street address.'
              : moved
                ? ADDRESS_AFTER_MOVE
                : "Must be in the destination's city. The public tracking page shows only the city and country."
          }
          errors={messagesOf(errors, 'recipient_address')}
        >
          {(props) => <textarea {...props} {...register('recipient_address')} rows={2} className={inputClass} />}
        </Field>
      </fieldset>
      <ScheduleFields field={(name) => register(name)} errorsOf={(name) => messagesOf(errors, name)} />
      {CORRECTION_GROUPS.map((group) => (
        <fieldset
          key={group.legend}
          className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2"
        >
          <legend className="px-1 text-sm font-semibold text-slate-900">{group.legend}</legend>
          {group.fields.map(({ name, input }) => (
            <Field
              key={name}
              label={SHIPMENT_FIELD_LABELS[name] ?? name}
              errors={messagesOf(errors, name)}
              className={input === 'textarea' ? 'sm:col-span-2' : ''}
            >
              {(props) =>
                input === 'textarea' ? (
                  <textarea {...props} {...register(name)} rows={2} className={inputClass} />
                ) : (
                  <input
                    {...props}
                    {...register(name)}
                    type={input}
                    {...(input === 'number' ? { min: 0, step: 'any', inputMode: 'decimal' as const } : {})}
                    className={inputClass}
                  />
                )
              }
            </Field>
          ))}
        </fieldset>
      ))}
      <section aria-labelledby={notesId} className="sm:col-span-2">
        <h3 id={notesId} className="text-sm font-semibold text-slate-900">
          Staff notes
        </h3>
        <p className="mb-2 text-xs text-slate-600">Only staff see these; customers never do.</p>
        <StaffNotes notes={shipment.notes} label="Staff notes, oldest first" />
      </section>
      <Field
        label="Add a note"
        hint="Added to the staff notes with your name and the time; the notes above are kept."
        errors={messagesOf(errors, 'notes')}
        className="sm:col-span-2"
      >
        {(props) => <textarea {...props} {...register('notes')} rows={3} className={inputClass} />}
      </Field>
      <DialogActions onCancel={onClose} busy={isSubmitting} label="Save Changes" />
    </form>
  );
}
