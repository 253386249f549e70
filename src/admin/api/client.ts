import type { z } from 'zod';
import type { apiErrorSchema, Endpoint } from '@/lib/api/contract';
import type { FieldErrors } from '@/lib/field-errors';
import { clearAuthFlag, LOGIN_PATH, markSessionEnded } from '../auth-flag';
import { saveDrafts } from '../drafts';
import { currentPath, loginUrl } from '../return-path';

export type { FieldErrors };

/**
 * A failed admin call: the HTTP status (0 when the network failed), the server's message, field errors
 * (of a 422, or of a 409 for a duplicate, with the existing record's id).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly retryAfterSeconds: number | null = null,
    readonly duplicateOf: string | null = null,
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
 * Unless the person signed out, the sign-in page returns to this page, and the forms on it keep
 * what was typed.
 */
export function goToLogin({ expired = false, signedOut = false } = {}): void {
  clearAuthFlag();
  if (expired) markSessionEnded();
  if (redirecting) return;
  redirecting = true;
  if (signedOut) {
    window.location.assign(LOGIN_PATH);
    return;
  }
  saveDrafts();
  window.location.assign(loginUrl(currentPath()));
}

/** The transport under every admin call: JSON in and out, 401 and 422 mapped to `ApiError`. */
async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
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
  if (response.ok) return payload;

  if (response.status === 401 && on401 !== 'none') {
    goToLogin({ expired: on401 === 'expired' });
  }
  const failure = isApiError(payload) ? payload : null;
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    failure?.message ?? '',
    response.status === 422 || response.status === 409 ? (failure?.errors ?? {}) : {},
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    typeof failure?.duplicate_of === 'string' ? failure.duplicate_of : null,
  );
}

/** The answer's JSON, or null when it has none (a proxy's HTML error page, an empty body). */
async function readPayload(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** What checks an answer: a contract's zod schema, or a type guard (see `guard`) where zod is not loaded. */
export interface Decoder<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/** A decoder from a type guard, for the calls of the shell and the sign-in page, which stay free of zod. */
export const guard = <T>(test: (value: unknown) => value is T): Decoder<T> => ({
  safeParse: (value) => (test(value) ? { success: true, data: value } : { success: false, error: value }),
});

/** A call: its method, its path with `:params`, and how to check its answer. */
export interface Call<T> {
  method: Endpoint['method'];
  path: string;
  response: Decoder<T>;
}

/** A call's inputs: path parameters, query parameters (empty ones left out) and the JSON body. */
export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export type CallOptions = Omit<RequestOptions, 'body'>;

/**
 * Makes one call of the API contract and checks its answer with the call's response schema, so a
 * screen gets exactly the type the contract declares (an answer that breaks it is an error, not data).
 */
export async function callApi<T>(
  call: Call<T>,
  { body, ...inputs }: CallInput = {},
  options: CallOptions = {},
): Promise<T> {
  return callAt(call, callUrl(call, inputs), { ...options, body });
}

/** `callApi` for a URL already built by `callUrl` (a data store's key). */
export async function callAt<T>(call: Call<T>, url: string, options: RequestOptions = {}): Promise<T> {
  const payload = await request(call.method, url, options);
  if (call.method !== 'GET') for (const listener of writeListeners) listener();
  const decoded = call.response.safeParse(payload);
  if (!decoded.success) {
    console.error(`${call.method} ${call.path}: unexpected answer`, decoded.error);
    throw new ApiError(500, 'The server sent an unexpected answer. Please try again.');
  }
  return decoded.data;
}

/** The URL of a call with these inputs: its path filled in, then the query (empty values left out). */
export function callUrl(call: Call<unknown>, { params, query }: Omit<CallInput, 'body'>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') search.set(key, String(value));
  }
  return fillPath(call.path, params) + (search.size ? `?${search}` : '');
}

const writeListeners = new Set<() => void>();

/** Runs after every write the server accepted, so whatever was loaded before it can be asked again. */
export function onWrite(listener: () => void): void {
  writeListeners.add(listener);
}

/** The path with its `:params` filled in, URL-encoded. */
function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isObject(value) &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

/** The API's error answer (`apiErrorSchema`), checked by hand: the transport is loaded before zod is. */
function isApiError(value: unknown): value is z.infer<typeof apiErrorSchema> {
  return (
    isObject(value) &&
    value.status === 'error' &&
    typeof value.message === 'string' &&
    (value.errors === undefined || isFieldErrors(value.errors)) &&
    (value.duplicate_of === undefined || typeof value.duplicate_of === 'string')
  );
}
