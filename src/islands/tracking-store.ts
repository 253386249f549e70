import { atom } from 'nanostores';
import { TRACKING_NUMBER_REQUIRED } from '@/lib/tracking-number';
import { isObject, messageOf } from './api-answer';
import {
  eventIds,
  MAX_NUMBERS,
  placeOf,
  searchFor,
  statusBadge,
  type TrackingBatchItem,
  type TrackingResult,
} from './tracking-view';

// The lookups of the /track page in one store: the batch lookup of the numbers asked for, the quiet refresh
// of the shown results every minute while the page is seen, the reveal of a recipient's full address, and
// what the page announces. The tracking widget renders what this store holds and calls its actions.

export const MESSAGES = {
  empty: TRACKING_NUMBER_REQUIRED,
  failed: 'An error occurred while fetching the tracking info.',
  tooMany: `Enter at most ${MAX_NUMBERS} tracking numbers at once`,
} as const;

/** Results refresh this often while the page is visible. */
export const REFRESH_MS = 60_000;

/** How often the "Updated ... ago" line reads the clock again while results show. */
const CLOCK_MS = 15_000;

type TrackingView =
  | { kind: 'idle' }
  | { kind: 'loading' }
  /** `failedNumber`: the number a lookup of one number failed for, whose checks the page lists. */
  | { kind: 'error'; message: string; failedNumber?: string }
  | { kind: 'results'; items: TrackingBatchItem[] };

export interface TrackingState {
  view: TrackingView;
  /** When the shown results were last fetched, and when a refresh was last tried (ms since the epoch). */
  fetchedAt: number;
  attemptAt: number;
  refreshFailed: boolean;
  /** The time the "Updated ... ago" line is worded against. */
  now: number;
  /** What the live region says. */
  announcement: string;
  /** What the Copy link button said it did. */
  copied: string | null;
}

export const $tracking = atom<TrackingState>({
  view: { kind: 'idle' },
  fetchedAt: 0,
  attemptAt: 0,
  refreshFailed: false,
  now: 0,
  announcement: '',
  copied: null,
});

const update = (change: Partial<TrackingState>) => $tracking.set({ ...$tracking.get(), ...change });

/** The numbers the shown results are for, and the lookup under way (a new one stops it). */
let numbers: readonly string[] = [];
let current: AbortController | null = null;
/** Counts the lookups asked for: a refresh answered after a newer lookup started is dropped. */
let generation = 0;

type Answer = { ok: true; items: TrackingBatchItem[] } | { ok: false; message: string };

/** A light check of the batch answer (the page ships no schema library): the fields the page reads. */
function batchItems(body: unknown): TrackingBatchItem[] | null {
  if (!isObject(body) || body.status !== 'success' || !Array.isArray(body.data)) return null;
  const valid = body.data.every(
    (item) =>
      isObject(item) &&
      typeof item.number === 'string' &&
      (item.result === 'found'
        ? isObject(item.data) && typeof item.data.tracking_number === 'string' && Array.isArray(item.data.histories)
        : typeof item.message === 'string'),
  );
  return valid ? (body.data as TrackingBatchItem[]) : null;
}

async function lookUp(wanted: readonly string[], signal?: AbortSignal): Promise<Answer> {
  try {
    const response = await fetch('/api/tracking/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ numbers: wanted }),
      ...(signal ? { signal } : {}),
    });
    const body: unknown = await response.json();
    const items = response.ok ? batchItems(body) : null;
    if (items) return { ok: true, items };
    return { ok: false, message: (response.ok ? null : messageOf(body)) ?? MESSAGES.failed };
  } catch {
    return { ok: false, message: MESSAGES.failed };
  }
}

/** Says a message in the live region; cleared first, so the same words are announced again. */
function announce(message: string) {
  update({ announcement: '' });
  setTimeout(() => update({ announcement: message }), 50);
}

/**
 * Looks the numbers up, replacing what the page shows; `push` makes the search a page in the history (its
 * shareable address). Too few or too many numbers are refused here, with no request.
 */
export async function track(wanted: string[], history: 'push' | 'none') {
  current?.abort();
  generation += 1;
  stopRefreshing();
  update({ copied: null });
  if (wanted.length === 0) {
    update({ view: { kind: 'error', message: MESSAGES.empty } });
    return;
  }
  if (wanted.length > MAX_NUMBERS) {
    update({ view: { kind: 'error', message: `${MESSAGES.tooMany} (you entered ${wanted.length}).` } });
    return;
  }
  const search = searchFor(wanted);
  if (history === 'push' && window.location.search !== search) {
    window.history.pushState(null, '', `${window.location.pathname}${search}`);
  }
  numbers = wanted;
  const controller = new AbortController();
  current = controller;
  update({ view: { kind: 'loading' } });
  const answer = await lookUp(wanted, controller.signal);
  if (controller.signal.aborted) return;
  if (!answer.ok) {
    update({ view: { kind: 'error', message: answer.message } });
    return;
  }
  const [only] = answer.items;
  if (answer.items.length === 1 && only && only.result !== 'found') {
    update({ view: { kind: 'error', message: only.message, failedNumber: only.number } });
    return;
  }
  const time = Date.now();
  update({
    fetchedAt: time,
    attemptAt: time,
    now: time,
    refreshFailed: false,
    view: { kind: 'results', items: answer.items },
  });
  refreshLater();
  const found = answer.items.filter((item) => item.result === 'found').length;
  announce(
    answer.items.length === 1 ? `Shipment ${wanted[0]} found.` : `Found ${found} of ${answer.items.length} shipments.`,
  );
}

/** Back to the empty page (an address without numbers, or the widget gone): a lookup under way is stopped. */
export function clearTracking() {
  current?.abort();
  generation += 1;
  stopRefreshing();
  update({ view: { kind: 'idle' } });
}

/** A quiet refresh of the shown results; new events are announced. */
async function refresh() {
  const shown = $tracking.get().view;
  if (shown.kind !== 'results') return;
  const asked = generation;
  const before = eventIds(shown.items);
  const answer = await lookUp(numbers);
  if (asked !== generation) return;
  const time = Date.now();
  if (!answer.ok) {
    update({ attemptAt: time, now: time, refreshFailed: true });
    refreshLater();
    return;
  }
  const { view } = $tracking.get();
  update({
    attemptAt: time,
    now: time,
    refreshFailed: false,
    fetchedAt: time,
    view: view.kind === 'results' ? { kind: 'results', items: answer.items } : view,
  });
  refreshLater();
  const news = answer.items.flatMap((item) =>
    item.result === 'found'
      ? item.data.histories
          .filter((entry) => !before.has(entry.id))
          .map((entry) =>
            [`New event for ${item.number}: ${statusBadge(entry.status).label}`, placeOf(entry), entry.notes]
              .filter(Boolean)
              .join(', '),
          )
      : [],
  );
  if (news.length) announce(`${news.join('. ')}.`);
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let clockTimer: ReturnType<typeof setInterval> | undefined;

/**
 * While results show and the tab is visible: the next refresh a minute after the last attempt, and the clock
 * read every 15 seconds. A hidden tab waits until it is seen (this listens for that while results show).
 */
function refreshLater() {
  clearTimeout(refreshTimer);
  clearInterval(clockTimer);
  const { view, attemptAt } = $tracking.get();
  if (view.kind !== 'results') return;
  document.addEventListener('visibilitychange', refreshLater);
  if (document.visibilityState === 'hidden') return;
  update({ now: Date.now() });
  refreshTimer = setTimeout(() => void refresh(), Math.max(0, attemptAt + REFRESH_MS - Date.now()));
  clockTimer = setInterval(() => update({ now: Date.now() }), CLOCK_MS);
}

/** No more refreshes: the results they were for are gone. */
function stopRefreshing() {
  clearTimeout(refreshTimer);
  clearInterval(clockTimer);
  document.removeEventListener('visibilitychange', refreshLater);
}

/** Copies the page's shareable address, or shows it to copy by hand. */
export async function copyLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    update({ copied: 'Link copied' });
    announce('Link copied to the clipboard.');
  } catch {
    update({ copied: `Copy this link: ${window.location.href}` });
  }
}

/** Shows a shipment the server answered again (its address revealed) in place of the one shown. */
export function showResult(data: TrackingResult) {
  const { view } = $tracking.get();
  if (view.kind !== 'results') return;
  update({
    view: {
      kind: 'results',
      items: view.items.map((item) =>
        item.result === 'found' && item.number === data.tracking_number ? { ...item, data } : item,
      ),
    },
  });
}

/**
 * Asks for a shipment's full recipient address with the recipient's email or the last 4 digits of their phone;
 * shown in place when they match. Answers why not otherwise, or null.
 */
export async function revealAddress(trackingNumber: string, proof: string): Promise<string | null> {
  try {
    const response = await fetch(`/api/tracking/${encodeURIComponent(trackingNumber)}/reveal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(proof.includes('@') ? { email: proof } : { phone_last4: proof }),
    });
    const body: { data?: TrackingResult; message?: string; errors?: Record<string, string[]> } = await response.json();
    if (response.ok && body.data) {
      showResult(body.data);
      return null;
    }
    return Object.values(body.errors ?? {})[0]?.[0] ?? body.message ?? 'Could not check the details.';
  } catch {
    return 'Could not check the details. Please try again.';
  }
}
