import { toast } from 'sonner';
import { locationUpdateSchema } from '@/lib/schemas/shipment/location-update';
import type { Shipment } from '@/lib/schemas/shipment/shipment';
import { updateLocation } from '../../api/shipments';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { localTimeZone } from '../../format';
import { messagesOf, serverRefusal, useSchemaForm } from '../../forms';
import { PlaceFields } from './PlaceFields';
import { firstMessage, sendUpdate } from './update-outcome';

/**
 * Update Location, on the view screen: where the shipment is now, when it arrives there if it is on its way
 * (its next arrival), and a note the public tracking page shows as typed.
 */
export function LocationUpdateForm({ shipment }: { shipment: Shipment }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(
    locationUpdateSchema,
    { tracking_number: shipment.tracking_number, current_country: '', current_city: '', arrival_time: '', note: '' },
    { localDateTimes: ['arrival_time'], draft: 'location-update' },
  );
  const submit = handleSubmit(
    (update) =>
      sendUpdate(() => updateLocation(update), {
        success: 'Location updated successfully!',
        reset,
        refusal: (error) => serverRefusal(error, setError, ['current_country', 'current_city', 'arrival_time', 'note']),
        failure: (refused) =>
          refused.status === 0
            ? 'An error occurred while updating location.'
            : refused.status === 422 && refused.message
              ? refused.message
              : 'Failed to update location.',
      }),
    (invalid) => toast.error(firstMessage(invalid)),
  );

  return (
    <form noValidate onSubmit={submit} className="grid max-w-xl gap-4 sm:grid-cols-2">
      <PlaceFields
        country={{ label: 'Current country' }}
        city="Current city (optional)"
        field={(name) => register(name)}
        errorsOf={(name) => messagesOf(errors, name)}
      />
      <Field
        label="Expected arrival (optional)"
        hint={`Only while it is on its way there: when it will arrive, in your time zone (${localTimeZone()}); it becomes the next arrival. Leave empty when it is there now.`}
        errors={messagesOf(errors, 'arrival_time')}
        className="sm:col-span-2"
      >
        {(props) => <input {...props} {...register('arrival_time')} type="datetime-local" className={inputClass} />}
      </Field>
      <Field
        label="Location note (optional)"
        hint="Shown on the public tracking page exactly as typed."
        errors={messagesOf(errors, 'note')}
        className="sm:col-span-2"
      >
        {(props) => <textarea {...props} {...register('note')} rows={2} className={inputClass} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Updating...' : 'Update Location'}
        </button>
      </div>
    </form>
  );
}
