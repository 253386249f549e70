import type { Reply } from '@/lib/api/contract';
import type { driverApi } from '@/lib/api/driver';
import { AUTH_PATHS } from '@/lib/api/paths';
import type { pickupsApi } from '@/lib/api/pickups';
import type { Role } from '@/lib/roles';
import type { ScanResult } from '@/lib/schemas/scans';
import type { DriverEventInput, ProofInput } from './queue';

/**
 * The driver screen's calls. The page stays light, so answers are checked by small guards of the
 * contract's types rather than by zod (as the admin shell does).
 */

export type Stops = Reply<typeof driverApi.stops>['data'];

/** How a send ended: recorded (each event's result), refused (a 4xx but 401), sign in again, or try later. */
export type Sent =
  | { kind: 'results'; results: Pick<ScanResult, 'event_id' | 'result' | 'message'>[] }
  | { kind: 'refused'; message: string }
  | { kind: 'sign-in' }
  | { kind: 'later' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The server's words for a refusal: its message, and each field's first problem. */
function refusal(payload: unknown, status: number): string {
  if (!isObject(payload) || typeof payload.message !== 'string') return `Refused by the server (${status}).`;
  const fields = isObject(payload.errors) ? Object.entries(payload.errors) : [];
  const details = fields.map(([field, messages]) => `${field}: ${Array.isArray(messages) ? messages[0] : ''}`);
  return [payload.message, ...details].join(' ');
}

async function post(path: string, init: RequestInit, read: (payload: unknown) => Sent | null): Promise<Sent> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', ...init });
  } catch {
    return { kind: 'later' };
  }
  const payload = await readJson(response);
  if (response.ok) return read(payload) ?? { kind: 'later' };
  if (response.status === 401) return { kind: 'sign-in' };
  // 429 and the server's own failures are worth another try; any other 4xx will be refused again.
  if (response.status >= 400 && response.status < 500 && response.status !== 429) {
    return { kind: 'refused', message: refusal(payload, response.status) };
  }
  return { kind: 'later' };
}

type Result = Extract<Sent, { kind: 'results' }>['results'][number];

const isResult = (value: unknown): value is Result =>
  isObject(value) &&
  typeof value.event_id === 'string' &&
  typeof value.result === 'string' &&
  (value.message === null || typeof value.message === 'string');

export const sendEvents = (events: DriverEventInput[]) =>
  post(
    '/api/driver/events',
    { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ events }) },
    (payload) =>
      isObject(payload) && Array.isArray(payload.data) && payload.data.every(isResult)
        ? { kind: 'results', results: payload.data }
        : null,
  );

/** The delivered outcome with its proof (the proof module's call): applied or a duplicate of one recorded. */
export function sendProof(eventId: string, trackingNumber: string, proof: ProofInput): Promise<Sent> {
  const form = new FormData();
  form.set('event_id', eventId);
  form.set('recipient_name', proof.recipient_name);
  form.set('signature', proof.signature, 'signature.png');
  if (proof.photo) form.set('photo', proof.photo, 'photo.jpg');
  for (const key of ['latitude', 'longitude', 'accuracy'] as const) {
    const value = proof[key];
    if (value !== undefined) form.set(key, String(value));
  }
  form.set('delivered_at', proof.delivered_at);
  return post(
    `/api/driver/stops/${encodeURIComponent(trackingNumber)}/proof`,
    { headers: { Accept: 'application/json' }, body: form },
    (payload) =>
      isObject(payload) && isObject(payload.data) && typeof payload.data.result === 'string'
        ? { kind: 'results', results: [{ event_id: eventId, result: payload.data.result as never, message: null }] }
        : null,
  );
}

export type Session = { kind: 'driver'; email: string } | { kind: 'other'; role: Role } | { kind: 'none' };

/** Who is signed in: a driver, someone else, or nobody (401). Throws when the server cannot be reached. */
export async function getSession(): Promise<Session> {
  const response = await fetch(AUTH_PATHS.session, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return { kind: 'none' };
  const payload = await readJson(response);
  if (!response.ok || !isObject(payload) || !isObject(payload.user) || typeof payload.user.role !== 'string') {
    throw new Error(`Session check answered ${response.status}`);
  }
  const { role, email } = payload.user;
  return role === 'driver' ? { kind: 'driver', email: String(email) } : { kind: 'other', role: role as Role };
}

const isStop = (value: unknown) =>
  isObject(value) &&
  typeof value.position === 'number' &&
  typeof value.tracking_number === 'string' &&
  typeof value.status === 'string' &&
  typeof value.recipient_name === 'string' &&
  typeof value.recipient_address === 'string' &&
  (value.recipient_phone === null || typeof value.recipient_phone === 'string') &&
  typeof value.destination === 'string';

/** Today's stops; a refusal throws with the server's words, a lost network with null status. */
export class StopsError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** A read of the driver's API with the session, or null without signal. */
async function read(path: string): Promise<Response | null> {
  try {
    return await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return null;
  }
}

export async function getStops(): Promise<Stops> {
  const response = await read('/api/driver/stops');
  if (!response) throw new StopsError(null, 'No connection: showing the stops as last loaded.');
  const payload = await readJson(response);
  if (!response.ok) throw new StopsError(response.status, refusal(payload, response.status));
  const data = isObject(payload) ? payload.data : null;
  if (isObject(data) && typeof data.date === 'string' && Array.isArray(data.stops) && data.stops.every(isStop)) {
    return data as Stops;
  }
  throw new StopsError(response.status, 'The server sent an unexpected answer. Please try again.');
}

export type DriverPickups = Reply<typeof pickupsApi.driverList>['data']['pickups'];

const isPickup = (value: unknown) =>
  isObject(value) &&
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.address === 'string' &&
  typeof value.pickup_window === 'string' &&
  typeof value.status === 'string';

/** Today's pickups on the driver's run, or null without signal; throws when they cannot be read. */
export async function getPickups(): Promise<DriverPickups | null> {
  const response = await read('/api/driver/pickups');
  if (!response) return null;
  const payload = await readJson(response);
  const list = isObject(payload) && isObject(payload.data) ? payload.data.pickups : null;
  if (!response.ok || !Array.isArray(list) || !list.every(isPickup)) {
    throw new Error(`Pickups answered ${response.status}`);
  }
  return list as DriverPickups;
}

/** "Picked up": the tracking number to write on the parcels, the server's words for a refusal, or null without signal. */
export async function completePickup(id: number): Promise<{ trackingNumber: string } | { refused: string } | null> {
  let response: Response;
  try {
    response = await fetch(`/api/pickups/${id}/complete`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
    });
  } catch {
    return null;
  }
  const payload = await readJson(response);
  if (response.ok && isObject(payload) && isObject(payload.data) && typeof payload.data.tracking_number === 'string') {
    return { trackingNumber: payload.data.tracking_number };
  }
  return { refused: refusal(payload, response.status) };
}
