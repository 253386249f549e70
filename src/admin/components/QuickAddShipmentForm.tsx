import { toast } from 'sonner';
import { shipmentDialogSchema } from '@/lib/schemas/shipment/dialog';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { quickAddShipment } from '../api/shipments';
import { messagesOf, toastRefusal, useSchemaForm } from '../forms';
import { CustomerField } from './CustomerField';
import { DialogActions } from './Dialog';
import { ErrorSummary, Field, inputClass } from './Field';
import { ShipmentScheduleFields } from './ShipmentScheduleFields';

// The quick add form of the Manage Shipments dialog (`POST /api/shipments`): the customer, the route, the
// schedule and a first staff note.

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

export function QuickAddShipmentForm({
  onClose,
  onSaved,
  draft,
}: {
  onClose: () => void;
  onSaved: (shipment: Shipment) => void;
  /** The name its typed values are kept under across a lapsed session (`drafts.ts`), if they are. */
  draft?: string | undefined;
}) {
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
    { localDateTimes: ['arrival_time'], ...(draft ? { draft } : {}) },
  );
  const submit = handleSubmit(async (values) => {
    try {
      const { data } = await quickAddShipment(values);
      toast.success('Shipment added successfully');
      onSaved(data);
    } catch (error) {
      toastRefusal(error, setError, ADD_FIELDS, 'Failed to add shipment');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <ErrorSummary count={ADD_FIELDS.filter((name) => errors[name]).length} server={errors.root?.server?.message} />
      <CustomerField
        control={control}
        name="customer"
        errors={messagesOf(errors, 'customer')}
        hint="Type part of a name, contact, email or id, then choose from the list."
      />
      <Field label="Origin" errors={messagesOf(errors, 'origin')}>
        {(props) => <input {...props} {...register('origin')} type="text" className={inputClass} />}
      </Field>
      <Field label="Destination" errors={messagesOf(errors, 'destination')}>
        {(props) => <input {...props} {...register('destination')} type="text" className={inputClass} />}
      </Field>
      <ShipmentScheduleFields field={(name) => register(name)} errorsOf={(name) => messagesOf(errors, name)} />
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
