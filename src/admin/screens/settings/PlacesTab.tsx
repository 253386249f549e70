import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type Place, placeInputSchema, type UnmappedPlace } from '@/lib/schemas/place';
import { ApiError } from '../../api/client';
import { createPlace, removePlace, updatePlace } from '../../api/places';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { buttonClass, Field, inputClass } from '../../components/Field';
import { ColumnHeads, ScrollingTable } from '../../components/ListParts';
import { formatDateTime } from '../../format';
import { applyServerErrors, messagesOf, useSchemaForm } from '../../forms';
import { $places, $unmappedPlaces, loadPlaces, loadUnmappedPlaces, refreshPlaces } from '../../stores/places';

const FIELDS = ['city', 'country', 'latitude', 'longitude'] as const;

/** A row's action button, without its colour. */
const action = 'rounded px-2 py-1 font-semibold underline-offset-2 hover:underline';

/** A place's name to add, taken from the shipments that use it. */
type Draft = Pick<UnmappedPlace, 'name' | 'city' | 'country'>;

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
function PlaceForm({
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
      if (!(error instanceof ApiError) || error.status === 401) return;
      if (error.status === 422) applyServerErrors(setError, FIELDS, error.fieldErrors);
      // The name (city and country together) is taken: said on the field that makes it.
      else if (error.status === 409) setError(input.city ? 'city' : 'country', { message: error.message });
      else toast.error(error.message || 'Could not save the place.');
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

function PlaceTable({
  places,
  onEdit,
  onRemove,
}: {
  places: Place[];
  onEdit: (place: Place) => void;
  onRemove: (place: Place) => void;
}) {
  return (
    <ScrollingTable label="Places" caption="Places and their coordinates">
      <ColumnHeads
        compact
        columns={[
          'Place',
          { label: 'Latitude', numeric: true },
          { label: 'Longitude', numeric: true },
          'Last changed',
          { label: 'Actions', hidden: true },
        ]}
      />
      <tbody className="divide-y divide-slate-200">
        {places.map((place) => (
          <tr key={place.id}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {place.name}
            </th>
            <td className="px-3 py-2 text-right font-mono text-slate-800">{place.latitude}</td>
            <td className="px-3 py-2 text-right font-mono text-slate-800">{place.longitude}</td>
            <td className="px-3 py-2 text-slate-700">{formatDateTime(place.updated_at)}</td>
            <td className="whitespace-nowrap px-3 py-2">
              <button type="button" className={`${action} text-brand-700`} onClick={() => onEdit(place)}>
                Edit<span className="sr-only"> {place.name}</span>
              </button>
              <button type="button" className={`${action} text-red-700`} onClick={() => onRemove(place)}>
                Remove<span className="sr-only"> {place.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/**
 * The place names shipments use that the gazetteer lacks, each with its shipments (a search of them) and
 * where the map draws it, and a button that starts adding it.
 */
function UnmappedPlaces({ onAdd }: { onAdd: (place: UnmappedPlace) => void }) {
  const unmapped = useStore($unmappedPlaces);
  const headingId = useId();

  useEffect(() => {
    void loadUnmappedPlaces();
  }, []);

  let content: ReactNode;
  if (unmapped.status === 'loading') {
    content = (
      <p role="status" className="text-sm text-slate-700">
        Loading the places shipments use...
      </p>
    );
  } else if (unmapped.status === 'error') {
    content = (
      <p role="alert" className="text-sm text-red-700">
        {unmapped.message}
      </p>
    );
  } else if (!unmapped.data.places.length) {
    content = <p className="text-sm text-slate-700">Every place shipments use is listed here.</p>;
  } else {
    const { places, total } = unmapped.data;
    content = (
      <>
        <ScrollingTable
          label="Places not listed"
          caption="Places shipments use that are not listed, the most used first"
        >
          <ColumnHeads
            compact
            columns={['Place', { label: 'Shipments', numeric: true }, 'On the map', { label: 'Actions', hidden: true }]}
          />
          <tbody className="divide-y divide-slate-200">
            {places.map((place) => (
              <tr key={place.name}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {place.name}
                </th>
                <td className="px-3 py-2 text-right">
                  <a
                    href={`/admin/shipments?q=${encodeURIComponent(place.name)}`}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {place.shipments}
                    <span className="sr-only"> {place.shipments === 1 ? 'shipment' : 'shipments'}: search them</span>
                  </a>
                </td>
                <td className="px-3 py-2 text-slate-700">
                  {place.drawn_at ? `At ${place.drawn_at}’s centre` : 'Not drawn'}
                </td>
                <td className="px-3 py-2 text-right">
                  <button type="button" className={`${action} text-brand-700`} onClick={() => onAdd(place)}>
                    Add<span className="sr-only"> {place.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
        {total > places.length ? (
          <p className="text-sm text-slate-700">
            Showing the {places.length} most used of {total}.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900">
          Places shipments use that are not listed
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          The map draws these at their country’s centre when the country is listed, and leaves them off otherwise. Add
          one with its coordinates to draw it where it is.
        </p>
      </div>
      {content}
    </section>
  );
}

/**
 * Settings > Places: the gazetteer the public tracking page's route map takes its coordinates from.
 * A shipment's origin, destination or current place is found by its exact name, else by its country.
 */
export default function PlacesTab() {
  const places = useStore($places);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Place | null>(null);
  const [removing, setRemoving] = useState<Place | null>(null);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void loadPlaces();
  }, []);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removePlace(removing.id);
      toast.success(`Place “${removing.name}” removed.`);
      setRemoving(null);
      await refreshPlaces();
      // Its row, where focus would return, is gone.
      heading.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401)
        toast.error(error.message || 'Could not remove the place.');
    } finally {
      setBusy(false);
    }
  };

  const all = places.status === 'ready' ? places.data : [];
  const wanted = filter.trim().toLocaleLowerCase();
  const shown = wanted ? all.filter((place) => place.name.toLocaleLowerCase().includes(wanted)) : all;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          Places on the route map
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          The public tracking page draws a shipment’s origin, destination and current location at these coordinates. A
          place is found by its name exactly as shipments write it (“City, Country”), else by its country; a place found
          by neither is left off the map. Changes show from the next lookup.
        </p>
      </div>

      <div className="rounded-md border border-slate-200 p-4">
        <h3 className="mb-3 font-semibold text-slate-900">Add a place</h3>
        <PlaceForm
          // A new draft starts the form afresh with its name.
          key={draft?.name ?? ''}
          draft={draft}
          onSaved={(place) => {
            toast.success(`Place “${place.name}” added.`);
            setDraft(undefined);
            void refreshPlaces();
          }}
        />
      </div>

      {/* A new object each time, so that Add on the same place again moves focus again. */}
      <UnmappedPlaces onAdd={(place) => setDraft({ ...place })} />

      {places.status === 'loading' ? (
        <p role="status" className="text-sm text-slate-700">
          Loading places...
        </p>
      ) : places.status === 'error' ? (
        <p role="alert" className="text-sm text-red-700">
          {places.message}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-60 flex-1">
              <label htmlFor={`${headingId}-filter`} className="block text-sm font-medium text-slate-800">
                Filter places
              </label>
              <input
                id={`${headingId}-filter`}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                className={inputClass}
              />
            </div>
            <p aria-live="polite" className="text-sm text-slate-700">
              {shown.length === all.length ? `${all.length} places` : `Showing ${shown.length} of ${all.length} places`}
            </p>
          </div>
          {shown.length ? (
            <PlaceTable places={shown} onEdit={setEditing} onRemove={setRemoving} />
          ) : (
            <p className="text-sm text-slate-700">{all.length ? 'No place matches the filter.' : 'No places yet.'}</p>
          )}
        </>
      )}

      <Dialog open={editing !== null} title={`Edit ${editing?.name ?? 'place'}`} onClose={() => setEditing(null)}>
        {editing ? (
          <PlaceForm
            key={editing.id}
            place={editing}
            onSaved={(place) => {
              toast.success(`Place “${place.name}” saved.`);
              setEditing(null);
              void refreshPlaces();
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title="Remove place"
        onClose={() => setRemoving(null)}
        busy={busy}
        label="Remove place"
        busyLabel="Removing..."
        onConfirm={() => void remove()}
      >
        Remove “{removing?.name}”? Shipments there are then drawn at their country, if it is listed, or left off the
        map.
      </ConfirmDialog>
    </section>
  );
}
