import { randomBytes, type ScryptOptions, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { type Env, getEnv } from './env';
import { HttpError } from './http';

interface HashParams {
  N: number;
  r: number;
  p: number;
}

// scrypt with N = 2^17, r = 8, p = 1 (OWASP's minimum): 128 MiB and a few hundred ms per hash.
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
// The test suites hash some 700 passwords, at the full cost a quarter of their CPU time. A hash keeps its
// parameters, so a cheap one verifies like any other; the suites about hashing under load ask for the full cost.
const TEST_RUN_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** The cost of a new hash: the full cost, but in a test run (env.ts: never on a deployed site). */
export const newHashParams = (env: Env = getEnv()): HashParams => (env.testRun ? TEST_RUN_PARAMS : PASSWORD_PARAMS);

/**
 * What an unknown email's password is checked against, so that answer costs exactly one hash like
 * a wrong password does, in a cold instance too (computing it at start-up made the first unknown
 * email cost two). It is the hash of random bytes nobody kept: no password matches it.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$131072$8$1$FxgI6rdX7KLexgFpYZQxcQ==$RR8NUn/wBRotCgbekw6F9SrKXxCNW9Y6Up9g+NGCZIU=';

let derivations = 0;

/** How many scrypt keys this instance has derived: the tests count the hashes a call costs with it. */
export function keyDerivations(): number {
  return derivations;
}

function scrypt(password: string, salt: Buffer, params: HashParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  derivations++;
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64), the parameters kept for later upgrades. */
export async function hashPassword(password: string, params: HashParams = newHashParams()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A stored hash's parts (`hashPassword`'s format), or null when it is not one. */
export function readHash(stored: string): { params: HashParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || ![n, r, p].every((part) => /^[1-9]\d{0,9}$/.test(part ?? '')))
    return null;
  return {
    params: { N: Number(n), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = readHash(stored);
  if (!hash) return false;
  const actual = await scrypt(password, hash.salt, hash.params);
  return actual.length === hash.key.length && timingSafeEqual(actual, hash.key);
}

/**
 * Hashes this instance runs at once (each takes 128 MiB and a thread of libuv's pool of 4) and how
 * many more may wait for one. A request beyond both is refused at once with 503 instead of queueing
 * towards the function's 30-second limit.
 */
export const HASH_SLOTS = { running: 2, waiting: 16 } as const;
export const HASHING_BUSY = 'Too many sign-ins are being checked right now. Please try again in a few seconds.';
const HASHING_BUSY_RETRY_SECONDS = 5;

let running = 0;
const queue: Array<() => void> = [];
let reserved = 0;

export function hashingBusy(): HttpError {
  return new HttpError(503, HASHING_BUSY, { headers: { 'Retry-After': String(HASHING_BUSY_RETRY_SECONDS) } });
}

/** A place among this instance's hashes, taken before anything else is done for a request. */
export interface HashTicket {
  /** Waits for a hashing thread, runs `work` on it, and frees it. Usable once. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back unused (the request ended before hashing). */
  release(): void;
}

/**
 * Takes a place among the hashes this instance runs or queues, or throws a 503 at once when all
 * are taken. Taken synchronously, so a burst is sorted before any of it reaches the database.
 */
export function reserveHash(): HashTicket {
  if (reserved >= HASH_SLOTS.running + HASH_SLOTS.waiting) throw hashingBusy();
  reserved++;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    reserved--;
  };
  return {
    async run(work) {
      if (done) throw new Error('This hash ticket was already used');
      // A freed thread is handed straight to the next in line, so the count never overshoots.
      if (running < HASH_SLOTS.running) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        finish();
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
    release: finish,
  };
}
