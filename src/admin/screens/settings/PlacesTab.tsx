import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Place } from '@/lib/schemas/place';
import { removePlace } from '../../api/places';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { inputClass } from '../../components/Field';
import { own, toastFailure } from '../../forms';
import { $places, refreshPlaces } from '../../stores/places';
import { type Draft, PlaceForm } from './PlaceForm';
import { PlaceTable } from './PlaceTable';
import { UnmappedPlaces } from './UnmappedPlaces';

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
      toastFailure(error, 'Could not remove the place.', own);
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
