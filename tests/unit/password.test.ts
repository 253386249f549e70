import { describe, expect, it } from 'vitest';
import { HttpError } from '../../netlify/lib/http';
import {
  HASH_SLOTS,
  HASHING_BUSY,
  hashPassword,
  readHash,
  reserveHash,
  verifyPassword,
} from '../../netlify/lib/password';

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

describe('stored hashes', () => {
  it('keep their parameters, so a hash of any cost verifies', async () => {
    const params = { N: 2 ** 4, r: 8, p: 1 };
    const stored = await hashPassword('a long password 1', params);
    expect(readHash(stored)?.params).toEqual(params);
    expect(await verifyPassword('a long password 1', stored)).toBe(true);
    expect(await verifyPassword('a long password 2', stored)).toBe(false);
  });

  it.each([
    '',
    'scrypt$x',
    'bcrypt$16$8$1$c2FsdA==$a2V5',
    'scrypt$many$8$1$c2FsdA==$a2V5',
    'scrypt$16$8$$c2FsdA==$a2V5',
  ])('never match what is not one (%j)', async (stored) => {
    expect(readHash(stored)).toBeNull();
    expect(await verifyPassword('', stored)).toBe(false);
  });
});
