import { describe, expect, it } from 'vitest';
import { nextStepOf } from '../../src/islands/next-step';
import type { TrackingResult } from '../../src/islands/tracking-view';

const entry = (status: TrackingResult['status'], reason: string | null = null, notes: string | null = null) => ({
  id: 1,
  status,
  created_at: '2026-11-24T10:00:00.000Z',
  notes,
  location_city: null,
  location_country: null,
  expected_arrival: null,
  reason: reason as never,
});

const result = (fields: Partial<TrackingResult>): TrackingResult =>
  ({
    status: 'in_transit',
    histories: [],
    next_attempt_on: null,
    pickup_depot: null,
    pickup_until: null,
    delivery_request: null,
    ...fields,
  }) as TrackingResult;

describe('the next step on the public page', () => {
  it('says why an attempt failed and when the next one is, until that day passes', () => {
    const failed = result({
      status: 'delivery_failed',
      histories: [entry('delivery_failed', 'recipient_not_home')],
      next_attempt_on: '2026-11-27',
    });
    expect(nextStepOf(failed, '2026-11-25')).toEqual({
      happened: 'We could not deliver your parcel: nobody was home to receive it.',
      next: 'We will try again on Friday, November 27.',
      depot: null,
    });
    expect(nextStepOf(failed, '2026-11-28')?.next).toBe('We will arrange another attempt and show its day here.');
    const other = result({ status: 'delivery_failed', histories: [entry('delivery_failed', 'other', 'Gate locked')] });
    expect(nextStepOf(other, '2026-11-25')?.happened).toBe('We could not deliver your parcel: Gate locked.');
  });

  it('names the depot and the last day for a collection, and the customs hold of an exception', () => {
    const waiting = result({ status: 'available_for_pickup', pickup_depot: 'sacramento', pickup_until: '2026-12-02' });
    expect(nextStepOf(waiting, '2026-11-25')).toMatchObject({
      next: 'Collect at our Sacramento depot until Wednesday, December 2, bring ID.',
      depot: expect.stringContaining('Sacramento'),
    });
    const customs = result({ status: 'exception', histories: [entry('exception', 'customs_hold')] });
    expect(nextStepOf(customs, '2026-11-25')?.happened).toBe('Your parcel is held up: it is held at customs.');
    expect(nextStepOf(result({ status: 'in_transit' }), '2026-11-25')).toBeNull();
  });
});
