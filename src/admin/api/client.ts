import type { FieldErrors } from '@/lib/field-errors';
import { clearAuthFlag, LOGIN_PATH, markSessionEnded } from '../auth-flag';

export type { FieldErrors };

/** A failed admin call: the HTTP status (0 when the network failed), the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.';

interface RequestOptions {
  body?: unknown;
  /**
   * What a 401 means: by default the session ended (toast, clear the flag, go to sign-in);
   * `guard` redirects without a toast (first visit without a session); `none` just throws
   * (the login form, where 401 means wrong credentials).
   */
  on401?: 'expired' | 'guard' | 'none';
  signal?: AbortSignal;
}

let redirecting = false;

/**
 * Clears the local flag and leaves the app for the sign-in page; when the session ended (rather
 * than never existed) the sign-in page toasts why, as a toast here would vanish with the page.
 */
export function goToLogin({ expired = false } = {}): void {
  clearAuthFlag();
  if (expired) markSessionEnded();
  if (redirecting) return;
  redirecting = true;
  window.location.assign(LOGIN_PATH);
}

/** The one way admin screens talk to the API: JSON in and out, 401 and 422 mapped. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, on401 = 'expired', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const payload = await readPayload(response);
  if (response.ok) return payload as T;

  const message =
    typeof payload?.message === 'string' ? payload.message : typeof payload?.error === 'string' ? payload.error : '';
  if (response.status === 401 && on401 !== 'none') {
    goToLogin({ expired: on401 === 'expired' });
  }
  const errors = response.status === 422 && isFieldErrors(payload?.errors) ? payload.errors : {};
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    message,
    errors,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

async function readPayload(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
};
