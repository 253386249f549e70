import { atom } from 'nanostores';
import { placesApi } from '@/lib/api/places';
import { dataOf, query } from './query';

const places = query(placesApi.list, atom({}), { fallback: 'Failed to load the places.', pick: dataOf });

const unmapped = query(placesApi.unmapped, atom({}), {
  fallback: 'Failed to load the places shipments use that the map lacks.',
  pick: dataOf,
});

/** The gazetteer's places, for Settings > Places. */
export const $places = places.$state;

/** The place names shipments use that the gazetteer lacks (the most used; `total` in all). */
export const $unmappedPlaces = unmapped.$state;

/** Settles once both lists show the answers asked for after a change (a change to one can change the other). */
export const refreshPlaces = async (): Promise<void> => {
  await Promise.all([places.refresh(), unmapped.refresh()]);
};
