import { createStore, get, set, type UseStore } from 'idb-keyval';
import { atom } from 'nanostores';
import { getStops, type Stops, StopsError } from './api';

/**
 * Today's stops as the screen shows them. Each answer is also kept on the device, so a screen opened
 * without signal still shows the run as last loaded (and says so).
 */

export type StopsState =
  | { status: 'loading' }
  | { status: 'ready'; data: Stops; notice: string | null }
  | { status: 'error'; message: string; code: number | null };

export const $stops = atom<StopsState>({ status: 'loading' });

let store: UseStore | undefined;
const cacheStore = () => {
  store ??= createStore('driver-stops', 'answers');
  return store;
};

// Keeping answers is a convenience for a screen opened without signal: a phone that refuses storage (some
// private modes) still shows what it just loaded, so neither call ever throws.

/** Keeps an answer on the device, for the screen opened again without signal. */
export async function keepOnDevice(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, cacheStore());
  } catch (error) {
    console.warn('[driver] could not keep the answer on the device', error);
  }
}

/** An answer kept on the device, if there is one and the device lets it be read. */
export async function keptOnDevice<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, cacheStore());
  } catch (error) {
    console.warn('[driver] could not read the answer kept on the device', error);
    return undefined;
  }
}

export async function loadStops(): Promise<void> {
  try {
    const data = await getStops();
    // Kept before shown, as the pickups are.
    await keepOnDevice('today', data);
    $stops.set({ status: 'ready', data, notice: null });
  } catch (error) {
    const failure = error instanceof StopsError ? error : new StopsError(null, 'Could not load the stops.');
    const cached = failure.status === null ? await keptOnDevice<Stops>('today') : undefined;
    const current = $stops.get();
    if (current.status === 'ready' && failure.status === null) {
      $stops.set({ ...current, notice: failure.message });
    } else if (cached) {
      $stops.set({ status: 'ready', data: cached, notice: failure.message });
    } else {
      $stops.set({ status: 'error', message: failure.message, code: failure.status });
    }
  }
}
