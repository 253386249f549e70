import { atom, type ReadableAtom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi } from '../../src/admin/api/client';
import type { Loadable } from '../../src/admin/stores/load';
import { dataOf, query } from '../../src/admin/stores/query';

// The admin screens' data stores, against a stand-in for the network: what each screen shows while
// it loads, after a write and when answers arrive out of order.

const thing = (path: string) => ({
  method: 'GET' as const,
  path,
  response: z.object({ status: z.literal('success'), data: z.object({ name: z.string() }) }),
});
const write = { method: 'POST' as const, path: '/api/things', response: z.object({ status: z.literal('success') }) };

/** A network whose answers the test releases one by one, recording every request. */
function network() {
  const requests: string[] = [];
  const pending: Array<{ url: string; answer: (body: unknown, status?: number) => void }> = [];
  vi.stubGlobal('fetch', (url: string) => {
    requests.push(url);
    return new Promise<Response>((resolve) => {
      pending.push({
        url,
        answer: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status })),
      });
    });
  });
  const next = async (url: string) => {
    await vi.waitFor(() => expect(pending.map((request) => request.url)).toContain(url));
    const index = pending.findIndex((request) => request.url === url);
    return pending.splice(index, 1)[0]!;
  };
  return { requests, next };
}

/** Watches a store as a screen does, recording every state it shows. */
function watch<T>(store: ReadableAtom<Loadable<T>>) {
  const seen: Loadable<T>[] = [];
  const stop = store.subscribe((value) => seen.push(value));
  const settled = () => vi.waitFor(() => expect(store.get().status).not.toBe('loading'));
  return { seen, stop, settled };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin data stores', () => {
  it('show Loading, then the answer; a failure shows its message, the expected one for its status', async () => {
    const net = network();
    const one = query(thing('/api/one/:id'), atom({ params: { id: '1' } }), {
      fallback: 'Failed.',
      expected: { 404: 'Not found here.' },
      pick: dataOf,
    });
    const view = watch(one.$state);
    expect(one.$state.get()).toEqual({ status: 'loading' });
    (await net.next('/api/one/1')).answer({ status: 'success', data: { name: 'first' } });
    await view.settled();
    expect(one.$state.get()).toEqual({ status: 'ready', data: { name: 'first' } });
    view.stop();

    const missing = query(thing('/api/one/:id'), atom({ params: { id: '2' } }), {
      fallback: 'Failed.',
      expected: { 404: 'Not found here.' },
      pick: dataOf,
    });
    const missingView = watch(missing.$state);
    (await net.next('/api/one/2')).answer({ status: 'error', message: 'No.' }, 404);
    await missingView.settled();
    expect(missing.$state.get()).toEqual({ status: 'error', message: 'Not found here.' });
    missingView.stop();
  });

  it('ask again after a write, keeping what is shown until the new answer arrives', async () => {
    const net = network();
    const shown = query(thing('/api/shown'), atom({}), { fallback: 'Failed.', pick: dataOf });
    const view = watch(shown.$state);
    (await net.next('/api/shown')).answer({ status: 'success', data: { name: 'before' } });
    await view.settled();

    const saving = callApi(write, { body: {} });
    (await net.next('/api/things')).answer({ status: 'success' });
    await saving;
    const again = await net.next('/api/shown');
    // Meanwhile the screen keeps its rows (and focus stays on them).
    expect(shown.$state.get()).toEqual({ status: 'ready', data: { name: 'before' } });
    again.answer({ status: 'success', data: { name: 'after' } });
    await vi.waitFor(() => expect(shown.$state.get()).toEqual({ status: 'ready', data: { name: 'after' } }));
    expect(view.seen.some((state) => state.status === 'loading' && view.seen.indexOf(state) > 0)).toBe(false);
    view.stop();
  });

  it('ask again when a load was under way while a write landed: its answer may predate the write', async () => {
    const net = network();
    const shown = query(thing('/api/racing'), atom({}), { fallback: 'Failed.', pick: dataOf });
    const view = watch(shown.$state);
    (await net.next('/api/racing')).answer({ status: 'success', data: { name: 'first' } });
    await view.settled();

    // A load starts (the tab came back), then a write is sent and accepted before that load answers.
    shown.refresh();
    const underWay = await net.next('/api/racing');
    const saving = callApi(write, { body: {} });
    (await net.next('/api/things')).answer({ status: 'success' });
    await saving;
    underWay.answer({ status: 'success', data: { name: 'before the write' } });
    (await net.next('/api/racing')).answer({ status: 'success', data: { name: 'after the write' } });
    await vi.waitFor(() => expect(shown.$state.get()).toEqual({ status: 'ready', data: { name: 'after the write' } }));
    expect(view.seen).not.toContainEqual({ status: 'ready', data: { name: 'before the write' } });
    view.stop();
  });

  it('never show an answer to an older request once the inputs have changed', async () => {
    const net = network();
    const $input = atom({ params: { id: 'old' } });
    const one = query(thing('/api/item/:id'), $input, { fallback: 'Failed.', pick: dataOf });
    const view = watch(one.$state);
    const old = await net.next('/api/item/old');
    $input.set({ params: { id: 'new' } });
    (await net.next('/api/item/new')).answer({ status: 'success', data: { name: 'new' } });
    await view.settled();
    old.answer({ status: 'success', data: { name: 'old' } });
    // Let the old answer be read and handed to the store (turns of the event loop, not a timed wait).
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(one.$state.get()).toEqual({ status: 'ready', data: { name: 'new' } });
    view.stop();
  });

  it('show the answer a write returned at once, without asking again for it', async () => {
    const net = network();
    const one = query(thing('/api/shown-once'), atom({}), { fallback: 'Failed.', pick: dataOf });
    const view = watch(one.$state);
    (await net.next('/api/shown-once')).answer({ status: 'success', data: { name: 'before' } });
    await view.settled();
    one.show({ status: 'success', data: { name: 'saved' } });
    expect(one.$state.get()).toEqual({ status: 'ready', data: { name: 'saved' } });
    expect(net.requests.filter((url) => url === '/api/shown-once')).toHaveLength(1);
    view.stop();
  });
});
