import { createStore, get, type UseStore, update } from 'idb-keyval';
import { atom } from 'nanostores';
import type { BodyInput } from '@/lib/api/contract';
import type { driverApi } from '@/lib/api/driver';
import { type Sent, sendEvents, sendProof } from './api';

/**
 * The device's queue of the driver's actions, kept in IndexedDB so that neither a lost signal nor a
 * closed tab loses one. Every action is written here, with the event id that makes it idempotent on the
 * server, before anything is sent; the queue is then sent in order (on load, when the network returns,
 * after each action) and an entry leaves it only when the server has recorded it (applied, or a
 * duplicate of what it recorded before). A refusal marks the entry failed with the server's words.
 */

export type DriverEventInput = BodyInput<typeof driverApi.events>['events'][number];

/** The delivered outcome and its proof, posted as a form (the Blobs are kept as they are in IndexedDB). */
export interface ProofInput {
  recipient_name: string;
  signature: Blob;
  photo?: Blob;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  delivered_at: string;
}

export type QueueEntry = {
  /** The event id, the device's UUID for the action. */
  id: string;
  tracking_number: string;
  /** What the driver did, as the stop shows it. */
  label: string;
  state: 'pending' | 'failed';
  message?: string;
} & ({ kind: 'event'; event: DriverEventInput } | { kind: 'proof'; proof: ProofInput });

/** An entry as the screen adds it (it starts pending). */
export type NewEntry = QueueEntry extends infer E ? (E extends QueueEntry ? Omit<E, 'state'> : never) : never;

/** Events go in one request, up to the call's limit. */
const BATCH = 50;

/**
 * The next request: the pending events before the first pending proof (or only the first of them, after a
 * refusal, to find the one at fault), or that proof alone.
 */
export function nextBatch(entries: readonly QueueEntry[], single = false): QueueEntry[] {
  const pending = entries.filter((entry) => entry.state === 'pending');
  const first = pending[0];
  if (!first || first.kind === 'proof') return first ? [first] : [];
  const events: QueueEntry[] = [];
  for (const entry of pending) {
    if (entry.kind !== 'event' || events.length >= (single ? 1 : BATCH)) break;
    events.push(entry);
  }
  return events;
}

/** The queue after the server's answer to a batch: recorded entries leave it, refused ones are marked failed. */
export function afterAnswer(entries: readonly QueueEntry[], batch: readonly QueueEntry[], sent: Sent): QueueEntry[] {
  if (sent.kind === 'refused') {
    const ids = new Set(batch.map((entry) => entry.id));
    return entries.map((entry) =>
      ids.has(entry.id) ? { ...entry, state: 'failed' as const, message: sent.message } : entry,
    );
  }
  if (sent.kind !== 'results') return [...entries];
  const results = new Map(sent.results.map((result) => [result.event_id, result]));
  return entries.flatMap((entry) => {
    const result = results.get(entry.id);
    if (!result) return [entry];
    if (['applied', 'history_only', 'duplicate'].includes(result.result)) return [];
    return [{ ...entry, state: 'failed' as const, message: result.message ?? 'Not recorded.' }];
  });
}

let store: UseStore | undefined;
// Opened when first used, so importing the rules above opens no database.
const queueStore = () => {
  store ??= createStore('driver', 'queue');
  return store;
};
const KEY = 'entries';

/** The queue as last read or written, for the screen. */
export const $queue = atom<QueueEntry[]>([]);
/** The server answered 401: the driver must sign in again (the queue waits). */
export const $signInNeeded = atom(false);

async function change(edit: (entries: QueueEntry[]) => QueueEntry[]): Promise<void> {
  let next: QueueEntry[] = [];
  await update<QueueEntry[]>(
    KEY,
    (entries) => {
      next = edit(entries ?? []);
      return next;
    },
    queueStore(),
  );
  $queue.set(next);
}

export async function loadQueue(): Promise<void> {
  $queue.set((await get<QueueEntry[]>(KEY, queueStore())) ?? []);
}

/** Adds an action to the queue (stored before it is sent), then sends the queue. */
export async function enqueue(entry: NewEntry): Promise<void> {
  await change((entries) => [...entries, { ...entry, state: 'pending' } as QueueEntry]);
  void flush();
}

/** Drops an entry the server refused, once the driver has read why. */
export const discard = (id: string) => change((entries) => entries.filter((entry) => entry.id !== id));

const listeners = new Set<() => void>();
/** Runs after the server has recorded something from the queue (the stops are asked again). */
export function onRecorded(listener: () => void): void {
  listeners.add(listener);
}

let running: Promise<void> | null = null;
let again = false;

/** Sends the pending entries in order; a call while sending sends again afterwards. */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await drain();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function drain(): Promise<void> {
  let single = false;
  for (;;) {
    if (!navigator.onLine) return;
    const batch = nextBatch((await get<QueueEntry[]>(KEY, queueStore())) ?? [], single);
    const [first] = batch;
    if (!first) return;
    const sent =
      first.kind === 'proof'
        ? await sendProof(first.id, first.tracking_number, first.proof)
        : await sendEvents(batch.flatMap((entry) => (entry.kind === 'event' ? [entry.event] : [])));
    if (sent.kind === 'later') return;
    if (sent.kind === 'sign-in') {
      $signInNeeded.set(true);
      return;
    }
    $signInNeeded.set(false);
    if (sent.kind === 'refused' && batch.length > 1) {
      single = true;
      continue;
    }
    single = false;
    await change((entries) => afterAnswer(entries, batch, sent));
    if (sent.kind === 'results') for (const listener of listeners) listener();
  }
}
