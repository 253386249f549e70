import type { WritableAtom } from 'nanostores';
import type { Place, UnmappedPlace } from '@/lib/schemas/place';
import { listPlaces, listUnmappedPlaces } from '../api/places';
import { failureMessage, type Loadable, loadable, loader } from './load';

/** The gazetteer's places, for Settings > Places. */
export const $places = loadable<Place[]>();

/** The place names shipments use that the gazetteer lacks (the most used; `total` in all). */
export const $unmappedPlaces = loadable<{ places: UnmappedPlace[]; total: number }>();

const FALLBACK = 'Failed to load the places.';
const UNMAPPED_FALLBACK = 'Failed to load the places shipments use that the map lacks.';

const fetchPlaces = async (signal?: AbortSignal) => (await listPlaces(signal ? { signal } : {})).data;
const fetchUnmapped = async (signal?: AbortSignal) => (await listUnmappedPlaces(signal ? { signal } : {})).data;

export const loadPlaces = loader($places, fetchPlaces, { fallback: FALLBACK });

export const loadUnmappedPlaces = loader($unmappedPlaces, fetchUnmapped, { fallback: UNMAPPED_FALLBACK });

/** Reloads a list in place, keeping it on screen meanwhile (so focus can return to its buttons). */
async function refresh<T>(store: WritableAtom<Loadable<T>>, fetch: () => Promise<T>, fallback: string): Promise<void> {
  try {
    store.set({ status: 'ready', data: await fetch() });
  } catch (error) {
    const message = failureMessage(error, fallback);
    if (message) store.set({ status: 'error', message });
  }
}

/** After a place is added, changed or removed: both lists, as a change to one can change the other. */
export async function refreshPlaces(): Promise<void> {
  await Promise.all([
    refresh($places, fetchPlaces, FALLBACK),
    refresh($unmappedPlaces, fetchUnmapped, UNMAPPED_FALLBACK),
  ]);
}
