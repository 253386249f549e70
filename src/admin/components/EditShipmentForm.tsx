import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { BodyInput } from '@/lib/api/contract';
import type { shipmentsApi } from '@/lib/api/shipments';
import { CORRECTION_FIELDS } from '@/lib/schemas/shipment/corrections';
import { shipmentEditFormSchema } from '@/lib/schemas/shipment/edit-form';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { editShipment } from '../api/shipments';
import { toDateInput, toDateTimeInput } from '../format';
import { messagesOf, own, toastRefusal, useSchemaForm } from '../forms';
import { CustomerField } from './CustomerField';
import { DialogActions } from './Dialog';
import { ErrorSummary, Field, inputClass } from './Field';
import { PiecesEditor, pieceValues } from './PiecesEditor';
import { ShipmentCorrectionFields } from './ShipmentCorrectionFields';
import { ShipmentScheduleFields } from './ShipmentScheduleFields';
import { StaffNotes } from './StaffNotes';

// The edit form of the Manage Shipments dialog (`PATCH /api/shipments/{n}`): it sends only what staff
// changed, keeps a quick-added shipment's address following its destination until staff type one, and adds
// a staff note beside the ones kept.

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

/** Every field of the form: besides those, a new customer and a note are sent only when given. */
const EDIT_FIELDS = ['customer', ...CHANGEABLE, 'notes', 'pieces'] as const;

const ADDRESS_AFTER_MOVE = "The destination changed: enter the recipient's address there.";

/** A stored value as its input shows it: numbers as text, nothing as empty. */
const asInput = (value: string | number | null) => (value === null ? '' : String(value));

export function EditShipmentForm({
  shipment,
  onClose,
  onSaved,
  draft,
}: {
  shipment: Shipment;
  onClose: () => void;
  onSaved: (shipment: Shipment) => void;
  /** The name its typed values are kept under across a lapsed session (`drafts.ts`), if they are. */
  draft?: string | undefined;
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
      pieces: shipment.pieces.map(pieceValues),
    },
    { localDateTimes: ['arrival_time'], ...(draft ? { draft } : {}) },
  );
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
    // The pieces go whole when any changed (the weight, their total, follows on the server); a single piece
    // whose weight alone changed is the shipment's weight changed, recorded as such.
    if (dirtyFields.pieces && values.pieces) {
      const [only] = values.pieces;
      const [before] = shipment.pieces;
      const weightOnly =
        values.pieces.length === 1 &&
        shipment.pieces.length === 1 &&
        only &&
        before &&
        (['length', 'width', 'height'] as const).every((side) => (only[side] ?? null) === before[side]);
      if (weightOnly) body.weight = only.weight ?? null;
      else body.pieces = values.pieces;
    }
    try {
      const { data } = await editShipment(shipment.tracking_number, body);
      toast.success(`Shipment ${shipment.tracking_number} updated successfully`);
      onSaved(data);
    } catch (error) {
      toastRefusal(error, setError, EDIT_FIELDS, 'Failed to update shipment', own);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <ErrorSummary count={EDIT_FIELDS.filter((name) => errors[name]).length} server={errors.root?.server?.message} />
      <CustomerField
        control={control}
        name="customer"
        errors={messagesOf(errors, 'customer')}
        hint={`${shipment.customer_id ? `Now ${shipment.customer_id}. ` : ''}Leave empty to keep it; to change it, type part of a name, email, phone or id and choose from the list.`}
      />
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
      <ShipmentScheduleFields field={(name) => register(name)} errorsOf={(name) => messagesOf(errors, name)} />
      <ShipmentCorrectionFields
        pieces={<PiecesEditor control={control} register={register} errors={errors} />}
        field={(name) => register(name)}
        errorsOf={(name) => messagesOf(errors, name)}
      />
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
