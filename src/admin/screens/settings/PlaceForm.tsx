import { useEffect } from 'react';
import { type Place, placeInputSchema, type UnmappedPlace } from '@/lib/schemas/place';
import { createPlace, updatePlace } from '../../api/places';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { fieldsOrToast, messagesOf, useSchemaForm } from '../../forms';

// The form of a place on the route map (Settings > Places): its city and country, and the coordinates the
// map draws it at. Used inline to add a place and in a dialog to change one.

const FIELDS = ['city', 'country', 'latitude', 'longitude'] as const;

/** A place's name to add, taken from the shipments that use it. */
export type Draft = Pick<UnmappedPlace, 'name' | 'city' | 'country'>;

const valuesOf = (place?: Place | Draft) => ({
  city: place?.city ?? '',
  country: place?.country ?? '',
  latitude: place && 'latitude' in place ? String(place.latitude) : '',
  longitude: place && 'longitude' in place ? String(place.longitude) : '',
});

/**
 * Adds a place (its name pre-filled from a draft, focus then on the coordinates it lacks), or changes the
 * one given; the server's refusals land on their fields.
 */
export function PlaceForm({
  place,
  draft,
  onSaved,
}: {
  place?: Place;
  draft?: Draft | undefined;
  onSaved: (saved: Place) => void;
}) {
  // Added inline across the tab's width; edited in a narrow dialog.
  const columns = place ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-[1fr_1fr_9rem_9rem_auto]';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useSchemaForm(placeInputSchema, valuesOf(place ?? draft));
  useEffect(() => {
    if (draft) setFocus('latitude');
  }, [draft, setFocus]);
  const submit = handleSubmit(async (input) => {
    try {
      const { data } = place ? await updatePlace(place.id, input) : await createPlace(input);
      if (!place) reset(valuesOf());
      onSaved(data);
    } catch (error) {
      // The server says a name (city and country together) already taken on the field that makes it.
      fieldsOrToast(error, setError, FIELDS, 'Could not save the place.');
    }
  });
  const decimal = { type: 'text', inputMode: 'decimal', autoComplete: 'off', className: inputClass } as const;
  return (
    <form noValidate onSubmit={submit} className={`grid gap-4 ${columns}`}>
      <Field label="City" hint="Empty for the country itself." errors={messagesOf(errors, 'city')}>
        {(props) => <input {...props} {...register('city')} type="text" autoComplete="off" className={inputClass} />}
      </Field>
      <Field label="Country (required)" errors={messagesOf(errors, 'country')}>
        {(props) => <input {...props} {...register('country')} type="text" autoComplete="off" className={inputClass} />}
      </Field>
      <Field label="Latitude (required)" hint="−90 (south) to 90 (north)" errors={messagesOf(errors, 'latitude')}>
        {(props) => <input {...props} {...register('latitude')} {...decimal} />}
      </Field>
      <Field label="Longitude (required)" hint="−180 (west) to 180 (east)" errors={messagesOf(errors, 'longitude')}>
        {(props) => <input {...props} {...register('longitude')} {...decimal} />}
      </Field>
      <div className={place ? 'flex justify-end sm:col-span-2' : 'sm:col-span-2 lg:col-span-1 lg:pt-6'}>
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          {isSubmitting ? 'Saving...' : place ? 'Save place' : 'Add place'}
        </button>
      </div>
    </form>
  );
}
