import { describe, expect, it } from 'vitest';
import { fitsLimit, PHOTO_MAX_SIDE, shrinkSteps } from '../../src/lib/photo';

// The proof photo's shrink plan (src/lib/photo.ts): what sizes and qualities the browser tries, in order.

describe('the photo shrink plan', () => {
  it('starts at most 1600 px on the longest side, keeping the shape', () => {
    const [first] = shrinkSteps(4032, 3024);
    expect(first).toEqual({ width: 1600, height: 1200, quality: 0.85 });
    const [portrait] = shrinkSteps(3000, 4000);
    expect(portrait).toEqual({ width: 1200, height: 1600, quality: 0.85 });
  });

  it('never enlarges a small photo', () => {
    expect(shrinkSteps(800, 600)[0]).toEqual({ width: 800, height: 600, quality: 0.85 });
  });

  it('lowers the quality first, then the size, each step smaller than the last', () => {
    const steps = shrinkSteps(4032, 3024);
    expect(steps.slice(0, 5).map(({ quality }) => quality)).toEqual([0.85, 0.75, 0.65, 0.55, 0.45]);
    expect(steps.slice(0, 5).every(({ width }) => width === 1600)).toBe(true);
    expect(steps[5]).toEqual({ width: 1200, height: 900, quality: 0.85 });
    for (const step of steps) expect(Math.max(step.width, step.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
    const sides = [...new Set(steps.map(({ width }) => width))];
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(Math.max(steps.at(-1)!.width, steps.at(-1)!.height)).toBeGreaterThanOrEqual(200);
  });

  it('re-encodes a tiny image at its own size, without going smaller', () => {
    expect(shrinkSteps(100, 80)).toEqual(
      [0.85, 0.75, 0.65, 0.55, 0.45].map((quality) => ({ width: 100, height: 80, quality })),
    );
  });

  it('sends at most 500 KB', () => {
    expect(fitsLimit(500 * 1024)).toBe(true);
    expect(fitsLimit(500 * 1024 + 1)).toBe(false);
  });
});
