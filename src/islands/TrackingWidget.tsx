import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { normalizeTrackingNumber } from '@/lib/tracking-number';
import TrackingResultPanel from './TrackingResultPanel';
import { isTrackingResult, type TrackingResult } from './tracking-view';

export const MESSAGES = {
  empty: 'Please enter a tracking number',
  notFound: 'No shipment found with this tracking number',
  failed: 'An error occurred while fetching the tracking info.',
} as const;

/** The query parameter that makes a lookup shareable: /track?number=NEC... */
export const NUMBER_PARAM = 'number';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; result: TrackingResult }
  | { kind: 'error'; message: string };

/** The public tracking lookup on /track. */
export default function TrackingWidget() {
  const [value, setValue] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const request = useRef<AbortController | null>(null);
  const id = useId();

  async function track(raw: string) {
    const number = normalizeTrackingNumber(raw);
    request.current?.abort();
    if (!number) {
      setLookup({ kind: 'error', message: MESSAGES.empty });
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.set(NUMBER_PARAM, number);
    window.history.replaceState(window.history.state, '', url);

    const controller = new AbortController();
    request.current = controller;
    setLookup({ kind: 'loading' });
    try {
      const response = await fetch(`/api/tracking/${encodeURIComponent(number)}`, {
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      const body = (await response.json()) as { status?: unknown; data?: unknown; error?: unknown };
      if (controller.signal.aborted) return;
      if (body.status && isTrackingResult(body.data)) {
        setLookup({ kind: 'found', result: body.data });
      } else if (!body.status) {
        setLookup({
          kind: 'error',
          message: typeof body.error === 'string' && body.error ? body.error : MESSAGES.notFound,
        });
      } else {
        setLookup({ kind: 'error', message: MESSAGES.failed });
      }
    } catch {
      if (!controller.signal.aborted) setLookup({ kind: 'error', message: MESSAGES.failed });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a shared link is looked up once, on load
  useEffect(() => {
    const shared = new URLSearchParams(window.location.search).get(NUMBER_PARAM);
    if (shared?.trim()) {
      setValue(shared.trim());
      void track(shared);
    }
    return () => request.current?.abort();
  }, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void track(value);
  }

  const loading = lookup.kind === 'loading';
  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search role is the landmark; <search> adds nothing here */}
      <form
        onSubmit={submit}
        role="search"
        aria-label="Track a shipment"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <label htmlFor={`${id}-number`} className="block font-medium text-slate-800">
            Tracking Number
          </label>
          <input
            id={`${id}-number`}
            name="number"
            type="text"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="e.g. NEC123ABC456"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
            className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-lg uppercase placeholder:normal-case placeholder:text-slate-500"
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            NEC followed by 9 letters or digits, as on your receipt.
          </p>
        </div>
        <button
          type="submit"
          disabled={loading}
          className="mb-7 inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {loading ? 'Tracking...' : 'Track Shipment'}
        </button>
      </form>

      <div aria-live="polite" aria-busy={loading} className="mt-6">
        {lookup.kind === 'error' && (
          <p
            role="alert"
            className="rounded-lg border-l-4 border-orange-500 bg-orange-50 p-4 font-medium text-orange-900"
          >
            {lookup.message}
          </p>
        )}
        {lookup.kind === 'found' && <TrackingResultPanel result={lookup.result} />}
      </div>
    </div>
  );
}
