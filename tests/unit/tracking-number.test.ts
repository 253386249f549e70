import { describe, expect, it } from 'vitest';
import {
  generateTrackingNumber,
  normalizeTrackingNumber,
  TRACKING_NUMBER_PATTERN,
  trackingNumberProblem,
} from '@/lib/tracking-number';

describe('tracking numbers', () => {
  it('generates NEC plus 9 characters from A-Z0-9', () => {
    for (let i = 0; i < 500; i++) expect(generateTrackingNumber()).toMatch(TRACKING_NUMBER_PATTERN);
  });

  it('draws every character of the alphabet with roughly equal frequency', () => {
    const counts = new Map<string, number>();
    const draws = 4000;
    for (let i = 0; i < draws; i++) {
      for (const char of generateTrackingNumber().slice(3)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(36);
    const expected = (draws * 9) / 36;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.2);
  });

  it('normalizes what a person types', () => {
    expect(normalizeTrackingNumber('  nec4panKw442 ')).toBe('NEC4PANKW442');
  });

  it('explains what is wrong with a malformed number', () => {
    expect(trackingNumberProblem('')).toBe('Please enter a tracking number');
    expect(trackingNumberProblem('ABC123456789')).toMatch(/start with NEC/);
    expect(trackingNumberProblem('NEC123')).toMatch(/9 letters or digits/);
    expect(trackingNumberProblem('NEC12345678-')).toMatch(/only letters/);
    expect(trackingNumberProblem('NEC123456789')).toBeNull();
  });
});
