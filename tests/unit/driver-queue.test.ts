import { describe, expect, it } from 'vitest';
import { returnPath } from '../../src/admin/return-path';
import { afterAnswer, nextBatch, type QueueEntry } from '../../src/driver/queue';

// The driver's queue: what it sends next, and what an answer leaves in it. And the sign-in page's way back to
// the driver's screen.

const event = (id: string, state: QueueEntry['state'] = 'pending'): QueueEntry => ({
  id,
  tracking_number: 'NEC000000001',
  label: 'Out for delivery',
  state,
  kind: 'event',
  event: {
    event_id: id,
    tracking_number: 'NEC000000001',
    action: 'out_for_delivery',
    recorded_at: '2026-11-26T09:00:00Z',
  },
});
const proof = (id: string): QueueEntry => ({
  id,
  tracking_number: 'NEC000000001',
  label: 'Delivered',
  state: 'pending',
  kind: 'proof',
  proof: { recipient_name: 'J. S.', signature: new Blob(['png']), delivered_at: '2026-11-26T09:05:00Z' },
});
const ids = (entries: QueueEntry[]) => entries.map((entry) => entry.id);

describe('nextBatch', () => {
  it('sends the pending events before the first proof together, in order, skipping failed ones', () => {
    const queue = [event('a'), event('b', 'failed'), event('c'), proof('d'), event('e')];
    expect(ids(nextBatch(queue))).toEqual(['a', 'c']);
    expect(ids(nextBatch(queue, true))).toEqual(['a']);
    expect(ids(nextBatch([proof('d'), event('e')]))).toEqual(['d']);
    expect(nextBatch([event('b', 'failed')])).toEqual([]);
  });

  it('sends at most 50 events at once', () => {
    const queue = Array.from({ length: 60 }, (_, index) => event(String(index)));
    expect(nextBatch(queue)).toHaveLength(50);
  });
});

describe('afterAnswer', () => {
  const queue = [event('a'), event('b'), event('c')];

  it('removes what the server recorded or had recorded before, and marks what it did not record as failed', () => {
    const left = afterAnswer(queue, queue.slice(0, 2), {
      kind: 'results',
      results: [
        { event_id: 'a', result: 'applied', message: null },
        { event_id: 'b', result: 'rejected', message: 'recorded_at is in the future: check the device clock' },
      ],
    });
    expect(left.map(({ id, state, message }) => ({ id, state, message }))).toEqual([
      { id: 'b', state: 'failed', message: 'recorded_at is in the future: check the device clock' },
      { id: 'c', state: 'pending', message: undefined },
    ]);
    const duplicate = afterAnswer(queue, queue.slice(2), {
      kind: 'results',
      results: [{ event_id: 'c', result: 'duplicate', message: null }],
    });
    expect(ids(duplicate)).toEqual(['a', 'b']);
  });

  it('marks a refused batch failed with the server words, and keeps everything when it must try later', () => {
    const refused = afterAnswer(queue, [queue[1]!], {
      kind: 'refused',
      message: 'NEC000000001 is not a stop on your run.',
    });
    expect(refused[1]).toMatchObject({ state: 'failed', message: 'NEC000000001 is not a stop on your run.' });
    expect(refused.filter((entry) => entry.state === 'pending')).toHaveLength(2);
    expect(afterAnswer(queue, queue, { kind: 'later' })).toEqual(queue);
    expect(afterAnswer(queue, queue, { kind: 'sign-in' })).toEqual(queue);
  });
});

describe('the sign-in page returning to the driver screen', () => {
  it('follows /driver on this origin only', () => {
    expect(returnPath('/driver', 'https://courier.example')).toBe('/driver');
    for (const raw of [
      '/driver-x',
      '/driverx',
      'https://evil.example/driver',
      '//evil.example/driver',
      '/driver/../about',
    ]) {
      expect(returnPath(raw, 'https://courier.example'), raw).toBe('/admin');
    }
  });
});
