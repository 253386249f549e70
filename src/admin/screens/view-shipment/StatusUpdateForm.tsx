import { toast } from 'sonner';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { statusUpdateSchema } from '@/lib/schemas/shipment/status-update';
import { updateStatus } from '../../api/shipments';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { StatusChangeFields } from '../../components/StatusChangeFields';
import { messagesOf, serverRefusal, useSchemaForm } from '../../forms';
import { PlaceFields } from './PlaceFields';
import { firstMessage, sendUpdate } from './update-outcome';

/**
 * Update Status, on the view screen: a new status, where it happened (it becomes the current location) and a
 * note the public tracking page shows as typed. A failed attempt or an exception asks for its reason;
 * available for pickup for the depot and the last day it is kept there.
 */
export function StatusUpdateForm({ shipment }: { shipment: Shipment }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(
    statusUpdateSchema,
    {
      tracking_number: shipment.tracking_number,
      status: '',
      reason: '',
      pickup_depot: '',
      pickup_until: '',
      current_country: '',
      current_city: '',
      note: '',
    },
    { draft: 'status-update' },
  );
  const submit = handleSubmit(
    (update) =>
      sendUpdate(() => updateStatus(update), {
        success: 'Status updated successfully!',
        reset,
        refusal: (error) =>
          serverRefusal(error, setError, [
            'status',
            'reason',
            'pickup_depot',
            'pickup_until',
            'current_country',
            'current_city',
            'note',
          ]),
        failure: (refused) => (refused.status === 0 ? 'Error updating status.' : 'Failed to update status.'),
      }),
    (invalid) => toast.error(invalid.status ? 'Please select a status' : firstMessage(invalid)),
  );

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4 sm:grid-cols-2">
      <StatusChangeFields
        status={watch('status')}
        field={(name) => register(name)}
        errorsOf={(name) => messagesOf(errors, name)}
        className="sm:col-span-2"
      />
      <PlaceFields
        country={{ label: 'Where (country, optional)', hint: 'Where it happened; it becomes the current location.' }}
        city="City (optional)"
        field={(name) => register(name)}
        errorsOf={(name) => messagesOf(errors, name)}
      />
      <Field
        className="sm:col-span-2"
        label="Note"
        hint="Shown on the public tracking page exactly as typed. With the reason Other, say what happened here."
        errors={messagesOf(errors, 'note')}
      >
        {(props) => <textarea {...props} {...register('note')} rows={3} className={inputClass} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Updating...' : 'Update Status'}
        </button>
      </div>
    </form>
  );
}
