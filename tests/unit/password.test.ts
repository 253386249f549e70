import { describe, expect, it } from 'vitest';
import { HttpError } from '../../netlify/lib/http';
import { HASH_SLOTS, HASHING_BUSY, reserveHash } from '../../netlify/lib/password';

describe('hash slots of an instance', () => {
  it(`run ${HASH_SLOTS.running} hashes at once, queue ${HASH_SLOTS.waiting}, and refuse the next at once with 503 and Retry-After`, async () => {
    const capacity = HASH_SLOTS.running + HASH_SLOTS.waiting;
    const tickets = Array.from({ length: capacity }, () => reserveHash());
    let refused: unknown;
    try {
      reserveHash();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).message).toBe(HASHING_BUSY);
    expect(new Headers((refused as HttpError).options.headers).get('retry-after')).toBe('5');

    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const runs = tickets.map((ticket) =>
      ticket.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      }),
    );
    // Let the queue settle, then finish the work one by one.
    for (let done = 0; done < capacity; done++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(HASH_SLOTS.running);
      releases.shift()!();
    }
    await Promise.all(runs);
    expect(most).toBe(HASH_SLOTS.running);
    // Every place is free again; a released unused ticket frees its place too.
    const again = Array.from({ length: capacity }, () => reserveHash());
    for (const ticket of again) ticket.release();
    reserveHash().release();
  });
});
