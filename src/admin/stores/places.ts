import type { Place } from '@/lib/schemas/place';
import { listPlaces } from '../api/places';
import { failureMessage, loadable, loader } from './load';

/** The gazetteer's places, for Settings > Places. */
export const $places = loadable<Place[]>();

const FALLBACK = 'Failed to load the places.';

export const loadPlaces = loader($places, async (signal) => (await listPlaces({ signal })).data, {
  fallback: FALLBACK,
});

/** Reloads after a change, keeping the table on screen meanwhile (so focus can return to its buttons). */
export async function refreshPlaces(): Promise<void> {
  try {
    $places.set({ status: 'ready', data: (await listPlaces()).data });
  } catch (error) {
    const message = failureMessage(error, FALLBACK);
    if (message) $places.set({ status: 'error', message });
  }
}
