import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $tracking,
  clearTracking,
  MESSAGES,
  REFRESH_MS,
  revealAddress,
  type TrackingState,
  track,
} from '../../src/islands/tracking-store';
import type { TrackingBatchItem, TrackingResult } from '../../src/islands/tracking-view';

// The /track page's store, in Node: the page's window, document and fetch are stand-ins, its clock is vitest's.

const START: TrackingState = {
  view: { kind: 'idle' },
  fetchedAt: 0,
  attemptAt: 0,
  refreshFailed: false,
  now: 0,
  announcement: '',
  copied: null,
};

const event = (id: number, status: string, notes: string | null = null) => ({
  id,
  status,
  created_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
  notes,
  location_city: 'Hamburg',
  location_country: 'Germany',
  expected_arrival: null,
});

const shipment = (number: string, histories = [event(1, 'processing')], revealed = false) =>
  ({
    tracking_number: number,
    status: histories.at(-1)!.status,
    histories,
    recipient_address: revealed ? '1 Harbour Street, Hamburg, Germany' : 'Hamburg, Germany',
    address_revealed: revealed,
    can_reveal: !revealed,
  }) as unknown as TrackingResult;

const found = (data: TrackingResult): TrackingBatchItem => ({ number: data.tracking_number, result: 'found', data });
const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const batch = (...items: TrackingBatchItem[]) => answer(200, { status: 'success', data: items });

let fetch: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState;
const listeners = new Set<() => void>();
const pushed: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  fetch = vi.fn();
  visibility = 'visible';
  pushed.length = 0;
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', {
    location: { pathname: '/track', search: '' },
    history: { pushState: (_: unknown, __: string, url: string) => pushed.push(url) },
  });
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  });
  $tracking.set(START);
});

afterEach(() => {
  clearTracking();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The body of the n-th request (0 first). */
const sent = (n: number) => JSON.parse(String(fetch.mock.calls[n]![1].body));

describe('the tracking store', () => {
  it('refuses no numbers or more than 10 with the page’s words, and asks nothing', async () => {
    await track([], 'push');
    expect($tracking.get().view).toEqual({ kind: 'error', message: MESSAGES.empty });
    const eleven = Array.from({ length: 11 }, (_, i) => `NEC0000000${String(i).padStart(2, '0')}`);
    await track(eleven, 'push');
    expect($tracking.get().view).toEqual({ kind: 'error', message: `${MESSAGES.tooMany} (you entered 11).` });
    expect(fetch).not.toHaveBeenCalled();
    expect(pushed).toEqual([]);
  });

  it('shows what it found, makes the search a page in the history, and announces it', async () => {
    fetch.mockReturnValueOnce(batch(found(shipment('NEC000000001'))));
    const looking = track(['NEC000000001'], 'push');
    expect($tracking.get().view).toEqual({ kind: 'loading' });
    await looking;
    expect(sent(0)).toEqual({ numbers: ['NEC000000001'] });
    expect(pushed).toEqual(['/track?number=NEC000000001']);
    const state = $tracking.get();
    expect(state.view.kind).toBe('results');
    expect(state.fetchedAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(50);
    expect($tracking.get().announcement).toBe('Shipment NEC000000001 found.');
  });

  it('says why a lone number failed, and which number to check', async () => {
    fetch.mockReturnValueOnce(batch({ number: 'NEC12', result: 'malformed', message: 'Not a tracking number' }));
    await track(['NEC12'], 'none');
    expect($tracking.get().view).toEqual({ kind: 'error', message: 'Not a tracking number', failedNumber: 'NEC12' });
  });

  it('shows the server’s message for a refusal, and the generic one for garbage', async () => {
    fetch.mockReturnValueOnce(answer(429, { status: 'error', message: 'Too many lookups' }));
    await track(['NEC000000001'], 'none');
    expect($tracking.get().view).toEqual({ kind: 'error', message: 'Too many lookups' });
    fetch.mockReturnValueOnce(Promise.resolve(new Response('<html>not json', { status: 200 })));
    await track(['NEC000000001'], 'none');
    expect($tracking.get().view).toEqual({ kind: 'error', message: MESSAGES.failed });
  });

  it('refreshes every minute while it is seen, announces new events, and says when a refresh failed', async () => {
    fetch.mockReturnValueOnce(batch(found(shipment('NEC000000002'))));
    await track(['NEC000000002'], 'none');
    const held = shipment('NEC000000002', [event(1, 'processing'), event(2, 'on_hold', 'Customs inspection')]);
    fetch.mockReturnValueOnce(batch(found(held)));
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(50);
    expect($tracking.get().announcement).toBe(
      'New event for NEC000000002: On Hold, Hamburg, Germany, Customs inspection.',
    );

    fetch.mockReturnValueOnce(answer(503, { status: 'error', message: 'Unavailable' }));
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    expect($tracking.get()).toMatchObject({ refreshFailed: true, view: { kind: 'results' } });

    // A hidden tab waits; seen again, it refreshes when the minute is up.
    visibility = 'hidden';
    for (const listener of listeners) listener();
    fetch.mockReturnValue(batch(found(held)));
    await vi.advanceTimersByTimeAsync(3 * REFRESH_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    visibility = 'visible';
    for (const listener of listeners) listener();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect($tracking.get().refreshFailed).toBe(false);
  });

  it('drops a refresh answered after a newer search started', async () => {
    fetch.mockReturnValueOnce(batch(found(shipment('NEC000000003'))));
    await track(['NEC000000003'], 'none');
    let late!: (response: Response) => void;
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (late = resolve)));
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    fetch.mockReturnValueOnce(batch(found(shipment('NEC000000004'))));
    await track(['NEC000000004'], 'none');
    late(new Response(JSON.stringify({ status: 'success', data: [found(shipment('NEC000000003'))] })));
    await vi.advanceTimersByTimeAsync(0);
    const { view } = $tracking.get();
    expect(view.kind === 'results' && view.items.map((item) => item.number)).toEqual(['NEC000000004']);
  });

  it('reveals an address in place with the recipient’s email, and says why not otherwise', async () => {
    fetch.mockReturnValueOnce(batch(found(shipment('NEC000000005')), found(shipment('NEC000000006'))));
    await track(['NEC000000005', 'NEC000000006'], 'none');

    fetch.mockReturnValueOnce(
      answer(422, { status: 'error', message: 'Invalid', errors: { email: ['This does not match'] } }),
    );
    expect(await revealAddress('NEC000000006', 'someone@mail.example')).toBe('This does not match');
    expect(sent(1)).toEqual({ email: 'someone@mail.example' });

    fetch.mockReturnValueOnce(answer(200, { status: 'success', data: shipment('NEC000000006', undefined, true) }));
    expect(await revealAddress('NEC000000006', '1234')).toBeNull();
    expect(sent(2)).toEqual({ phone_last4: '1234' });
    expect(fetch.mock.calls[2]![0]).toBe('/api/tracking/NEC000000006/reveal');
    const { view } = $tracking.get();
    const revealed = view.kind === 'results' ? view.items.map((item) => item.result === 'found' && item.data) : [];
    expect(revealed.map((data) => (data ? data.address_revealed : null))).toEqual([false, true]);

    fetch.mockReturnValueOnce(Promise.reject(new TypeError('offline')));
    expect(await revealAddress('NEC000000005', '1234')).toBe('Could not check the details. Please try again.');
  });
});
