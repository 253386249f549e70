import { type KeyboardEvent, type SubmitEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { FailureHelp } from './TrackingNotFound';
import { TrackingResults } from './TrackingResults';
import { $tracking, clearTracking, track } from './tracking-store';
import { MAX_NUMBERS, NUMBER_PARAM, numbersInUrl, splitNumbers } from './tracking-view';

// React subscribes to the store itself: @nanostores/react's useStore would add some 0.4 KB gzip to /track,
// a page close to its 80 KB budget, for options this widget does not use.
const listen = (changed: () => void) => $tracking.listen(changed);
const read = () => $tracking.get();

/**
 * The public tracking lookup on /track: up to 10 numbers, one request, a shareable address, live updates.
 * The form and the page's address are here; the lookups, their refresh and what is announced are in the
 * tracking store (tracking-store.ts), whose state this renders.
 */
export default function TrackingWidget() {
  const { view, fetchedAt, now, refreshFailed, announcement, copied } = useSyncExternalStore(listen, read, read);
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    const fromUrl = () => {
      const wanted = numbersInUrl(window.location.search);
      setText(wanted.join(', '));
      if (wanted.length) void track(wanted, 'none');
      else clearTracking();
    };
    // A shared link is looked up once, on load; Back and Forward look up again.
    if (numbersInUrl(window.location.search).length) fromUrl();
    // Numbers typed before the script ran are in the box, not yet in the state: take them.
    else if (box.current?.value) setText(box.current.value);
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      clearTracking();
    };
  }, []);

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
            {view.failedNumber !== undefined && <FailureHelp number={view.failedNumber} />}
          </p>
        )}
        <span className="sr-only">{announcement}</span>
      </div>

      {view.kind === 'results' && (
        <TrackingResults
          items={view.items}
          fetchedAt={fetchedAt}
          now={now}
          refreshFailed={refreshFailed}
          copied={copied}
        />
      )}
    </div>
  );
}
