import { type FetcherStore, type FetcherValue, nanoquery } from '@nanostores/query';
import { useStore } from '@nanostores/react';
import { atom, computed, onStart, onStop, type ReadableAtom } from 'nanostores';
import { type Call, type CallInput, callAt, callUrl, onWrite } from '../api/client';
import { failureMessage, type Loadable } from './load';

const [createFetcherStore, , cache] = nanoquery({
  // Staff act on what they see: a screen that opens asks the server again, showing the last answer meanwhile.
  dedupeTime: 0,
  // A failed load says so and offers Retry; nothing is retried behind the user's back.
  onErrorRetry: null,
});

/** A GET call's inputs: path parameters and query. */
type Inputs = Omit<CallInput, 'body'>;

/** What a failed load says: the fallback, or the message for a status the call expects (404: not found). */
export interface Messages {
  fallback: string;
  expected?: Record<number, string>;
}

/** The data of one GET call of the contract, as a screen shows it, and what a screen may do with it. */
export interface Query<R, T> {
  $state: ReadableAtom<Loadable<T>>;
  /** Asks again, keeping what is shown meanwhile (focus stays where it was); settles when the answer is in. */
  refresh(): Promise<void>;
  /** Shows an answer the server has just given after a change, without asking again. */
  show(reply: R): void;
}

/** The keys of the answers on screen now: after a write they are asked again, every other one is dropped. */
const shown = new Set<FetcherStore>();

/** Writes the server has accepted so far: a load that was under way when one landed may predate it. */
let writes = 0;

/**
 * Loads `url`, and again while a write lands during the load: the store asks nothing new while a load
 * of its key is under way, so an answer the server gave before the write would otherwise stay on screen.
 */
async function loadAfterWrites<R>(call: Call<R>, url: string): Promise<R> {
  for (;;) {
    const before = writes;
    const reply = await callAt(call, url);
    if (before === writes) return reply;
  }
}

onWrite(() => {
  writes += 1;
  const live = new Set([...shown].map((store) => store.key));
  cache.invalidateKeys((key) => !live.has(key));
  cache.revalidateKeys((key) => live.has(key));
});

function loadableOf<R, T>(
  value: FetcherValue<R>,
  { pick, fresh, ...messages }: Messages & { pick: (reply: R) => T; fresh: boolean },
): Loadable<T> {
  if (fresh && value.loading) return { status: 'loading' };
  if (value.error !== undefined && !value.loading) {
    const message = failureMessage(value.error, messages.fallback, messages.expected);
    // Nothing to say (a 401 is already on its way to the sign-in page): it stays "Loading...".
    return message ? { status: 'error', message } : { status: 'loading' };
  }
  return value.data === undefined ? { status: 'loading' } : { status: 'ready', data: pick(value.data) };
}

/**
 * A store of one GET call whose inputs follow `$input` (null: nothing to load yet), showing the part
 * of the answer `pick` takes. The same URL is one entry for every screen that reads it; an older
 * answer never overwrites a newer key's. `live` screens (lists, the dashboard) also ask again when
 * the tab comes back or the network returns; `fresh` ones show only an answer asked for now (a form
 * must not start from an old one).
 */
export function query<R, T>(
  call: Call<R>,
  $input: ReadableAtom<Inputs | null>,
  { live = false, fresh = false, ...shape }: Messages & { pick: (reply: R) => T; live?: boolean; fresh?: boolean },
): Query<R, T> {
  const $url = computed($input, (input) => (input ? callUrl(call, input) : null));
  const $fetched = createFetcherStore<R>([$url], {
    fetcher: (url) => loadAfterWrites(call, String(url)),
    revalidateOnFocus: live,
    revalidateOnReconnect: live,
  });
  const $state = computed($fetched, (value) => loadableOf(value, { ...shape, fresh }));
  onStart($state, () => shown.add($fetched));
  onStop($state, () => shown.delete($fetched));
  return {
    $state,
    async refresh() {
      $fetched.revalidate();
      await $fetched.get().promise?.catch(() => undefined);
    },
    show: (reply) => $fetched.mutate(reply),
  };
}

/** The `data` of an answer: what most screens show. */
export const dataOf = <T>(reply: { data: T }): T => reply.data;

const queries = new Map<string, Query<unknown, unknown>>();

/**
 * The `data` of one GET call for inputs a component holds (an id it was given, a search being
 * typed): `query` for inputs that are not in the URL. `fresh` for a form that starts from the answer:
 * it waits for one asked for now. Null inputs load nothing and answer null.
 */
export function useQuery<T>(
  call: Call<{ data: T }>,
  input: Inputs,
  options: Messages & { fresh?: boolean },
): Loadable<T>;
export function useQuery<T>(
  call: Call<{ data: T }>,
  input: Inputs | null,
  options: Messages & { fresh?: boolean },
): Loadable<T> | null;
export function useQuery<T>(
  call: Call<{ data: T }>,
  input: Inputs | null,
  options: Messages & { fresh?: boolean },
): Loadable<T> | null {
  const key = input ? `${options.fresh ? 'fresh' : ''}\n${options.fallback}\n${callUrl(call, input)}` : '';
  let found = queries.get(key) as Query<{ data: T }, T> | undefined;
  if (!found) {
    found = query(call, atom(input), { ...options, pick: dataOf });
    queries.set(key, found as Query<unknown, unknown>);
  }
  const state = useStore(found.$state);
  return input ? state : null;
}
