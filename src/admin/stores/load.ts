import { ApiError } from '../api/client';

/** What a screen shows for data it loads: a spinner, the data, or a message saying what went wrong. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

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
