import { onTestFinished, vi } from 'vitest';

/**
 * Stops the product's clock (Date) where it stands, until the calling test ends. Rate limits count in fixed
 * windows of the clock (ten minutes, an hour, a day): a test that filled a limit while its window ended would
 * see counting start afresh and no 429. Timers still run.
 */
export function holdTheClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
