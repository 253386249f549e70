import { describe, expect, it } from 'vitest';
import {
  deliveryOutlook,
  eventIds,
  newestFirst,
  numbersInUrl,
  placeOf,
  progressOf,
  searchFor,
  splitNumbers,
  typoHint,
  updatedAgo,
} from '../../src/islands/tracking-view';
import { addressIsIn, formatPlace, parsePlace } from '../../src/lib/place';
import { entryWording } from '../../src/lib/timeline';

const entry = (id: number, created_at: string) => ({
  id,
  status: 'in_transit' as const,
  created_at,
  notes: null,
  location_city: null,
  location_country: null,
  expected_arrival: null,
  reason: null,
});

describe('places', () => {
  it('split at the last comma: "City, Country" or a country alone', () => {
    expect(parsePlace(' Hamburg, Germany ')).toEqual({ city: 'Hamburg', country: 'Germany' });
    expect(parsePlace('Spain')).toEqual({ city: null, country: 'Spain' });
    expect(parsePlace('Washington, D.C., USA')).toEqual({ city: 'Washington, D.C.', country: 'USA' });
    expect(formatPlace('Lyon', 'France')).toBe('Lyon, France');
    expect(formatPlace(null, 'France')).toBe('France');
    expect(placeOf({ location_city: null, location_country: null })).toBeNull();
  });

  it("an address lies in a destination when it names the destination's city", () => {
    expect(addressIsIn('1 Test Road, Berlin', 'Berlin, Germany')).toBe(true);
    expect(addressIsIn('221B Baker Street, Toronto', 'Montreal, Canada')).toBe(false);
    expect(addressIsIn('Calle Mayor 1, Madrid, SPAIN', 'Spain')).toBe(true);
  });
});

describe('the numbers a person types', () => {
  it('are split on commas, spaces and new lines, upper-cased, once each', () => {
    expect(splitNumbers(' nec123456789,NEC123456789\nnecAAAAAAAAA;  NEC12 ')).toEqual([
      'NEC123456789',
      'NECAAAAAAAAA',
      'NEC12',
    ]);
    expect(splitNumbers('  \n ')).toEqual([]);
  });

  it('make a shareable address and are read back from it, in either form', () => {
    expect(searchFor(['NEC123456789', 'NECAAAAAAAAA'])).toBe('?number=NEC123456789,NECAAAAAAAAA');
    expect(numbersInUrl('?number=NEC123456789,necAAAAAAAAA')).toEqual(['NEC123456789', 'NECAAAAAAAAA']);
    expect(numbersInUrl('?number=NEC123456789&number=NECAAAAAAAAA')).toEqual(['NEC123456789', 'NECAAAAAAAAA']);
    expect(numbersInUrl('?number=NEC123456789%2CNECAAAAAAAAA')).toEqual(['NEC123456789', 'NECAAAAAAAAA']);
  });

  it('hint at look-alike characters they contain', () => {
    expect(typoHint('NECO00000000')).toContain('the letter O and the digit 0');
    expect(typoHint('NECI1AAAAAAA')).toContain('the letter I and the digit 1');
    expect(typoHint('NECAAAAAAAAA')).toBeNull();
  });
});

describe('the result', () => {
  it('puts the newest event first and knows its ids', () => {
    const events = [
      entry(1, '2026-11-01T10:00:00.000Z'),
      entry(3, '2026-11-02T10:00:00.000Z'),
      entry(2, '2026-11-02T10:00:00.000Z'),
    ];
    expect(newestFirst(events).map((event) => event.id)).toEqual([3, 2, 1]);
    expect(eventIds([{ number: 'NEC123456789', result: 'unknown', message: 'x' }])).toEqual(new Set());
  });

  it('places the status on the three-stage bar, on hold marked in transit', () => {
    expect(progressOf('preparing')).toEqual({ stage: 0, held: false });
    expect(progressOf('processing')).toEqual({ stage: 0, held: false });
    expect(progressOf('in_transit')).toEqual({ stage: 1, held: false });
    expect(progressOf('on_hold')).toEqual({ stage: 1, held: true });
    expect(progressOf('delivered')).toEqual({ stage: 2, held: false });
  });

  it('says on time or delayed against the promised date', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const base = { status: 'in_transit' as const, delivery_date: null };
    expect(deliveryOutlook({ ...base, estimated_delivery: null, arrival_time: null }, now)).toBeNull();
    expect(
      deliveryOutlook({ ...base, estimated_delivery: '2026-11-24', arrival_time: '2026-11-24T22:00:00.000Z' }, now),
    ).toBe('on_time');
    expect(
      deliveryOutlook({ ...base, estimated_delivery: '2026-11-24', arrival_time: '2026-11-25T01:00:00.000Z' }, now),
    ).toBe('delayed');
    expect(deliveryOutlook({ ...base, estimated_delivery: '2026-11-19', arrival_time: null }, now)).toBe('delayed');
    const delivered = { status: 'delivered' as const, arrival_time: null, estimated_delivery: '2026-11-19' };
    expect(deliveryOutlook({ ...delivered, delivery_date: '2026-11-19' }, now)).toBe('delivered_on_time');
    // Stopped short of the door: never on time, whatever the promise says.
    const promised = { estimated_delivery: '2026-11-24', arrival_time: null, delivery_date: null };
    for (const status of ['exception', 'on_hold', 'delivery_failed'] as const) {
      expect(deliveryOutlook({ ...promised, status }, now)).toBe('delayed');
    }
    expect(deliveryOutlook({ ...promised, status: 'available_for_pickup' }, now)).toBe('awaiting_collection');
    expect(deliveryOutlook({ ...promised, status: 'returned_to_sender', estimated_delivery: null }, now)).toBe(
      'returned',
    );
    expect(deliveryOutlook({ ...promised, status: 'out_for_delivery' }, now)).toBe('on_time');
    expect(deliveryOutlook({ ...delivered, delivery_date: '2026-11-20' }, now)).toBe('delivered_late');
  });

  it('says how long ago it was updated', () => {
    expect(updatedAgo(1_000, 50_000)).toBe('Updated just now');
    expect(updatedAgo(0, 3 * 60_000)).toMatch(/^Updated .*3/);
  });
});

describe('entryWording', () => {
  const at = '2026-11-24T10:00:00.000Z';
  const zaragoza = { location_city: 'Zaragoza', location_country: 'Spain', created_at: at };

  it('an entry without an expected arrival happened at its place, with no arrival line', () => {
    expect(entryWording({ ...zaragoza, expected_arrival: null })).toEqual({ place: 'Zaragoza, Spain', arrival: null });
  });

  it('an arrival still ahead says the shipment is on its way there', () => {
    expect(entryWording({ ...zaragoza, expected_arrival: '2026-11-25T08:00:00.000Z' })).toEqual({
      place: 'On the way to Zaragoza, Spain',
      arrival: { label: 'Expected arrival', time: '2026-11-25T08:00:00.000Z' },
    });
  });

  it('an arrival at or before the entry is when it got there, never "expected"', () => {
    expect(entryWording({ ...zaragoza, expected_arrival: '2026-11-24T09:00:00.000Z' })).toEqual({
      place: 'Zaragoza, Spain',
      arrival: { label: 'Arrived', time: '2026-11-24T09:00:00.000Z' },
    });
  });
});
