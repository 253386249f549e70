import { describe, expect, it } from 'vitest';
import { changeDeadline, isPickupDay, slotProblems, windowStart } from '../../src/lib/pickup-hours';

// The company's pickup calendar, at fixed moments: business days, windows in its zone (clock changes
// included), and the notice a booking or a change needs.

const LA = 'America/Los_Angeles';
/** Thursday 2026-11-26, 10:00 in Los Angeles (18:00 UTC). */
const THURSDAY_10 = Date.parse('2026-11-26T18:00:00Z');

describe('the pickup calendar', () => {
  it('collects Monday to Friday only', () => {
    expect(['2026-11-23', '2026-11-27'].map(isPickupDay)).toEqual([true, true]);
    expect(['2026-11-28', '2026-11-29'].map(isPickupDay)).toEqual([false, false]);
  });

  it('starts windows at the company wall clock, across a change of clocks', () => {
    expect(windowStart(LA, '2026-11-26', '09-12')).toBe('2026-11-26T17:00:00.000Z');
    // Summer time: 09:00 is 16:00 UTC. On the days clocks change (at 02:00), 09:00 is already the new time.
    expect(windowStart(LA, '2026-07-01', '09-12')).toBe('2026-07-01T16:00:00.000Z');
    expect(windowStart(LA, '2026-11-01', '09-12')).toBe('2026-11-01T17:00:00.000Z');
    expect(windowStart(LA, '2026-03-08', '09-12')).toBe('2026-03-08T16:00:00.000Z');
    expect(changeDeadline(LA, '2026-11-26', '15-18')).toBe('2026-11-26T21:00:00.000Z');
  });

  it('takes today only for a window at least 2 hours away', () => {
    expect(slotProblems(LA, '2026-11-26', '09-12', THURSDAY_10)).toHaveProperty('pickup_window');
    expect(slotProblems(LA, '2026-11-26', '12-15', THURSDAY_10)).toHaveProperty('pickup_window');
    expect(slotProblems(LA, '2026-11-26', '15-18', THURSDAY_10)).toEqual({});
    // 13:00 exactly is 2 hours before 15:00: the cut-off has come.
    expect(slotProblems(LA, '2026-11-26', '15-18', Date.parse('2026-11-26T21:00:00Z'))).toHaveProperty('pickup_window');
  });

  it('refuses a past day, a closed day and a day too far ahead, naming the day', () => {
    expect(Object.keys(slotProblems(LA, '2026-11-25', '15-18', THURSDAY_10))).toEqual(['pickup_date']);
    expect(Object.keys(slotProblems(LA, '2026-11-28', '09-12', THURSDAY_10))).toEqual(['pickup_date']);
    expect(Object.keys(slotProblems(LA, '2027-01-04', '09-12', THURSDAY_10))).toEqual(['pickup_date']);
    expect(slotProblems(LA, '2026-12-24', '09-12', THURSDAY_10)).toEqual({});
  });

  it("refuses one of the company's closed days, naming the day, and takes the others", () => {
    const closed = ['2026-12-24', '2026-12-25'];
    expect(slotProblems(LA, '2026-12-25', '09-12', THURSDAY_10, closed)).toEqual({
      pickup_date: ['We are closed on 2026-12-25: choose another day'],
    });
    expect(Object.keys(slotProblems(LA, '2026-12-24', '15-18', THURSDAY_10, closed))).toEqual(['pickup_date']);
    expect(slotProblems(LA, '2026-12-23', '09-12', THURSDAY_10, closed)).toEqual({});
  });

  it('counts today in the company zone, not UTC', () => {
    // 2026-11-27 03:00 UTC is still Thursday evening in Los Angeles: Friday is tomorrow, not today.
    expect(slotProblems(LA, '2026-11-27', '09-12', Date.parse('2026-11-27T03:00:00Z'))).toEqual({});
    expect(Object.keys(slotProblems(LA, '2026-11-26', '15-18', Date.parse('2026-11-27T03:00:00Z')))).toEqual([
      'pickup_window',
    ]);
  });
});
