import { type KeyboardEvent, type ReactNode, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { isObject, messageOf } from './api-answer';
import TrackingResultPanel, { FailureHelp, NotFoundCard } from './TrackingResultPanel';
import {
  eventIds,
  MAX_NUMBERS,
  NUMBER_PARAM,
  numbersInUrl,
  placeOf,
  searchFor,
  splitNumbers,
  statusBadge,
  type TrackingBatchItem,
  type TrackingResult,
  updatedAgo,
} from './tracking-view';

export const MESSAGES = {
  empty: 'Please enter a tracking number',
  notFound: 'No shipment found with this tracking number',
  failed: 'An error occurred while fetching the tracking info.',
  tooMany: `Enter at most ${MAX_NUMBERS} tracking numbers at once`,
} as const;

/** Results refresh this often while the page is visible. */
export const REFRESH_MS = 60_000;

type View =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string; help?: ReactNode }
  | { kind: 'results'; items: TrackingBatchItem[] };

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

async function lookUp(numbers: readonly string[], signal?: AbortSignal): Promise<Answer> {
  try {
    const response = await fetch('/api/tracking/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ numbers }),
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

/** The public tracking lookup on /track: up to 10 numbers, one request, a shareable address, live updates. */
export default function TrackingWidget() {
  const [text, setText] = useState('');
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [fetchedAt, setFetchedAt] = useState(0);
  const [attemptAt, setAttemptAt] = useState(0);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [now, setNow] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const numbers = useRef<string[]>([]);
  const current = useRef<AbortController | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  function announce(message: string) {
    // Cleared first, so the same words are announced again.
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(message), 50);
  }

  async function track(wanted: string[], history: 'push' | 'none') {
    current.current?.abort();
    setCopied(null);
    if (wanted.length === 0) {
      setView({ kind: 'error', message: MESSAGES.empty });
      return;
    }
    if (wanted.length > MAX_NUMBERS) {
      setView({ kind: 'error', message: `${MESSAGES.tooMany} (you entered ${wanted.length}).` });
      return;
    }
    const search = searchFor(wanted);
    if (history === 'push' && window.location.search !== search) {
      window.history.pushState(null, '', `${window.location.pathname}${search}`);
    }
    numbers.current = wanted;
    const controller = new AbortController();
    current.current = controller;
    setView({ kind: 'loading' });
    const answer = await lookUp(wanted, controller.signal);
    if (controller.signal.aborted) return;
    if (!answer.ok) {
      setView({ kind: 'error', message: answer.message });
      return;
    }
    const [only] = answer.items;
    if (answer.items.length === 1 && only && only.result !== 'found') {
      setView({ kind: 'error', message: only.message, help: <FailureHelp number={only.number} /> });
      return;
    }
    const time = Date.now();
    setFetchedAt(time);
    setAttemptAt(time);
    setNow(time);
    setRefreshFailed(false);
    setView({ kind: 'results', items: answer.items });
    const found = answer.items.filter((item) => item.result === 'found').length;
    announce(
      answer.items.length === 1
        ? `Shipment ${wanted[0]} found.`
        : `Found ${found} of ${answer.items.length} shipments.`,
    );
  }

  /** A quiet refresh of the shown results; new events are announced. */
  async function refresh() {
    if (view.kind !== 'results') return;
    const before = eventIds(view.items);
    const answer = await lookUp(numbers.current);
    const time = Date.now();
    setAttemptAt(time);
    setNow(time);
    if (!answer.ok) {
      setRefreshFailed(true);
      return;
    }
    setRefreshFailed(false);
    setFetchedAt(time);
    setView((shown) => (shown.kind === 'results' ? { kind: 'results', items: answer.items } : shown));
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: a shared link is looked up once, on load; Back and Forward look up again
  useEffect(() => {
    const fromUrl = () => {
      const wanted = numbersInUrl(window.location.search);
      setText(wanted.join(', '));
      if (wanted.length) void track(wanted, 'none');
      else {
        current.current?.abort();
        setView({ kind: 'idle' });
      }
    };
    if (numbersInUrl(window.location.search).length) fromUrl();
    // Numbers typed before the script ran are in the box, not yet in the state: take them.
    else if (box.current?.value) setText(box.current.value);
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      current.current?.abort();
    };
  }, []);

  // Auto-refresh every minute while results show and the tab is visible; a hidden tab waits until it is seen.
  const showing = view.kind === 'results';
  // biome-ignore lint/correctness/useExhaustiveDependencies: rescheduled after each attempt; refresh reads the latest state
  useEffect(() => {
    if (!showing) return;
    let refreshTimer: number | undefined;
    let tick: number | undefined;
    const schedule = () => {
      window.clearTimeout(refreshTimer);
      window.clearInterval(tick);
      if (document.visibilityState === 'hidden') return;
      setNow(Date.now());
      refreshTimer = window.setTimeout(() => void refresh(), Math.max(0, attemptAt + REFRESH_MS - Date.now()));
      tick = window.setInterval(() => setNow(Date.now()), 15_000);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    return () => {
      window.clearTimeout(refreshTimer);
      window.clearInterval(tick);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [showing, attemptAt]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void track(splitNumbers(text), 'push');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter searches, as in a one-line field; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied('Link copied');
      announce('Link copied to the clipboard.');
    } catch {
      setCopied(`Copy this link: ${window.location.href}`);
    }
  }

  function replaceResult(data: TrackingResult) {
    setView((shown) =>
      shown.kind === 'results'
        ? {
            kind: 'results',
            items: shown.items.map((item) =>
              item.result === 'found' && item.number === data.tracking_number ? { ...item, data } : item,
            ),
          }
        : shown,
    );
  }

  const loading = view.kind === 'loading';
  return (
    <div>
      {/* Sent before the script runs, the form opens this page's shareable address, which it looks up once it runs. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark; <search> adds nothing here */}
      <form
        method="get"
        action="/track"
        onSubmit={submit}
        role="search"
        aria-label="Track shipments"
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <label htmlFor={`${id}-numbers`} className="block font-medium text-slate-800">
            Tracking numbers
          </label>
          <textarea
            ref={box}
            id={`${id}-numbers`}
            name={NUMBER_PARAM}
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="e.g. NEC123ABC456"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            className="mt-1 block field-sizing-content max-h-60 min-h-14 w-full resize-y rounded-lg border border-slate-400 bg-white px-4 py-3 text-lg uppercase placeholder:normal-case placeholder:text-slate-500"
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            NEC followed by 9 letters or digits, as on your receipt. Up to {MAX_NUMBERS} numbers, separated by commas,
            spaces or new lines (Shift+Enter).
          </p>
        </div>
        <button
          type="submit"
          disabled={loading}
          className="inline-flex min-h-14 items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-70 sm:mt-7"
        >
          {loading ? 'Tracking...' : 'Track Shipment'}
        </button>
      </form>

      <div aria-live="polite" aria-busy={loading} className="mt-6">
        {view.kind === 'error' && (
          <p
            role="alert"
            className="rounded-lg border-l-4 border-orange-500 bg-orange-50 p-4 font-medium text-orange-900"
          >
            {view.message}
            {view.help}
          </p>
        )}
        <span className="sr-only">{announcement}</span>
      </div>

      {view.kind === 'results' && (
        <div className="mt-2">
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
            <p data-testid="updated">
              {refreshFailed
                ? `Could not refresh; trying again shortly. ${updatedAgo(fetchedAt, now)}.`
                : updatedAgo(fetchedAt, now)}
            </p>
            <p className="flex items-center gap-3">
              {copied && <span>{copied}</span>}
              <button
                type="button"
                onClick={() => void copyLink()}
                className="rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
              >
                Copy link
              </button>
            </p>
          </div>
          <div className="mt-4 flex flex-col gap-6">
            {view.items.map((item) =>
              item.result === 'found' ? (
                <TrackingResultPanel key={item.number} result={item.data} onRevealed={replaceResult} />
              ) : (
                <NotFoundCard key={item.number} number={item.number} message={item.message} />
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}
