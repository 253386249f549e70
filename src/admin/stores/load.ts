import { atom, type WritableAtom } from 'nanostores';
import { ApiError } from '../api/client';

/** What a screen shows for data it loads: a spinner, the data, or a message saying what went wrong. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export const loadable = <T>(): WritableAtom<Loadable<T>> => atom<Loadable<T>>({ status: 'loading' });

/**
 * How a failed load reads on screen: null when there is nothing to say (an aborted request, or a 401
 * that has already sent the browser to sign in); otherwise the message, logged when unexpected.
 */
export function failureMessage(error: unknown, fallback: string, expected: Record<number, string> = {}): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof ApiError) {
    if (error.status === 401) return null;
    const known = expected[error.status];
    if (known) return known;
    if (error.status === 0) return error.message;
  }
  console.error(fallback, error);
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Loads into a store, aborting the previous load of the same store: stale answers never overwrite
 * newer ones, and every failure ends in a message rather than an endless "Loading...".
 */
export function loader<T, A extends unknown[]>(
  store: WritableAtom<Loadable<T>>,
  fetch: (signal: AbortSignal, ...args: A) => Promise<T>,
  messages: { fallback: string; expected?: Record<number, string> },
): (...args: A) => Promise<void> {
  let controller: AbortController | undefined;
  return async (...args) => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    store.set({ status: 'loading' });
    try {
      const data = await fetch(current.signal, ...args);
      if (!current.signal.aborted) store.set({ status: 'ready', data });
    } catch (error) {
      if (current.signal.aborted) return;
      const message = failureMessage(error, messages.fallback, messages.expected);
      if (message) store.set({ status: 'error', message });
    }
  };
}
