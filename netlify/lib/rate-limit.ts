import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isIPv6 } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { localDatabasePath } from './db';
import { getEnv } from './env';
import { HttpError } from './http';
import { PURGE_BATCH } from './purge';

/** The longest window a limit may use: windows older than this are purged whatever their key. */
const MAX_WINDOW_SECONDS = 24 * 60 * 60;

export interface RateLimit {
  /** What is counted, e.g. `quotes:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowOf(now: number, windowSeconds: number) {
  const nowSeconds = Math.floor(now / 1000);
  const start = nowSeconds - (nowSeconds % windowSeconds);
  return { start, retryAfter: start + windowSeconds - nowSeconds };
}

const tooMany = (retryAfter: number) =>
  new HttpError(429, `Too many requests. Please try again in ${retryAfter} seconds.`, {
    headers: { 'Retry-After': String(retryAfter) },
  });

/**
 * The part of a client address one client controls, as limits count it: an IPv4 address whole, an IPv6
 * address by its /64 network (one home or host is given a whole /64, so each of its addresses alone would
 * be a fresh count).
 */
export function clientNetwork(address: string): string {
  const bare = (address.split('%')[0] ?? '').toLowerCase();
  if (!isIPv6(bare)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  // biome-ignore lint/style/noNonNullAssertion: the pattern has one capturing group, which matched
  if (mapped) return mapped[1]!;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 tail fills two groups.
  const rightGroups = right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - rightGroups).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Counts one request against a fixed-window limit kept in the database (so it holds across function
 * instances) and throws a 429 with Retry-After once the window's limit is passed. For calls that
 * write anyway (quote requests, address reveals); the public lookups use `takeFromWindow`.
 */
export async function enforceRateLimit(db: Client, limit: RateLimit, now = Date.now()): Promise<void> {
  const counting = countRequest(limit, now);
  counting.check(await db.batch(counting.statements, 'write'));
}

/**
 * `enforceRateLimit` as statements for a caller's own batch (one round trip for the count and what
 * the call reads): `statements`, in that order, from index `at` of the batch; `check` takes the
 * batch's results and throws the 429 once the window's limit is passed.
 */
export function countRequest(
  { key, limit, windowSeconds }: RateLimit,
  now = Date.now(),
): { statements: InStatement[]; check(results: ResultSet[], at?: number): void } {
  if (windowSeconds > MAX_WINDOW_SECONDS) throw new Error(`${key}: a rate-limit window is at most a day`);
  const nowSeconds = Math.floor(now / 1000);
  const { start: windowStart, retryAfter } = windowOf(now, windowSeconds);
  const statements: InStatement[] = [
    { sql: 'DELETE FROM rate_limits WHERE key = ? AND window_start < ?', args: [key, windowStart] },
    // Other keys' old windows (visitors who never came back), a bounded batch per request.
    {
      sql: `DELETE FROM rate_limits WHERE (key, window_start) IN (
              SELECT key, window_start FROM rate_limits WHERE window_start < ? ORDER BY window_start LIMIT ?)`,
      args: [nowSeconds - MAX_WINDOW_SECONDS, PURGE_BATCH],
    },
    {
      sql: `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
            ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
            RETURNING count`,
      args: [key, windowStart],
    },
  ];
  return {
    statements,
    check(results, at = 0) {
      const counted = results[at + statements.length - 1]?.rows[0]?.count;
      if (counted === undefined) throw new Error(`${key}: the batch lacks the count's statements`);
      if (Number(counted) > limit) throw tooMany(retryAfter);
    },
  };
}

/**
 * A limit spent only by a write that happens, for that write's batch: `hasRoom` is a condition for the
 * write's statement, and `spend` (the statement right after it) counts one when that statement changed a
 * row. `prune` (before the write) drops the key's old windows; `refusal` is the 429 to answer.
 */
export function budget(
  { key, limit, windowSeconds }: RateLimit,
  now = Date.now(),
): { prune: InStatement; hasRoom: { sql: string; args: InValue[] }; spend: InStatement; refusal(): HttpError } {
  const { start, retryAfter } = windowOf(now, windowSeconds);
  return {
    prune: { sql: 'DELETE FROM rate_limits WHERE key = ? AND window_start < ?', args: [key, start] },
    hasRoom: {
      sql: 'coalesce((SELECT count FROM rate_limits WHERE key = ? AND window_start = ?), 0) < ?',
      args: [key, start, limit],
    },
    spend: {
      sql: `INSERT INTO rate_limits (key, window_start, count) SELECT ?, ?, 1 WHERE changes() > 0
            ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1`,
      args: [key, start],
    },
    refusal: () => tooMany(retryAfter),
  };
}

/** A fixed-window limit kept outside the database: `name` separates the counters of different limits. */
export interface WindowLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Where the file counts live: beside a file database (so each local copy and each test database has its
 * own), else in RATE_LIMIT_DIR or the system's temporary folder.
 */
function countsFolder(): string {
  const env = getEnv();
  const database = localDatabasePath(env.DATABASE_URL);
  if (database) return `${database}.limits`;
  return env.RATE_LIMIT_DIR ?? join(tmpdir(), 'nec-rate-limits');
}

/** This process's counts of the current window of each limit; a new window replaces the old one's map. */
const memoryWindows = new Map<string, { windowStart: number; counts: Map<string, number> }>();

/**
 * The most addresses one window of one limit counts on their own in memory (some 10 MB). Past it, a new
 * address counts in one shared count (`OVERFLOW_KEY`): a flood from rotating addresses cannot grow an
 * instance's memory without bound, nor get past the limit by it; new visitors in that window share the
 * limit instead, until the window ends.
 */
export const MEMORY_KEYS_PER_WINDOW = 100_000;
const OVERFLOW_KEY = '\u0000overflow';
let warned = false;

/**
 * Counts `cost` requests of `key` against a fixed-window limit without writing to the database, so a
 * lookup stays a pure read (a replica can serve it) and throws a 429 with Retry-After once the window's
 * limit is passed. A counted request that is refused still counts.
 *
 * A function instance keeps its module state from call to call, so it counts in memory: a map lookup,
 * nothing written. On Netlify that limits one instance (each has its own memory, as it has its own /tmp),
 * and the platform's rate limit (`config.rateLimit`) bounds the address across instances. netlify dev and
 * netlify serve run every call in a fresh worker, where memory is gone by the next call: there the counts
 * are files (`countInFiles`), so the limit holds locally too.
 */
export function takeFromWindow(limit: WindowLimit, key: string, cost = 1, now = Date.now()): void {
  const { start, retryAfter } = windowOf(now, limit.windowSeconds);
  const counted = getEnv().freshWorkerPerCall
    ? countInFiles(limit.name, start, key, cost)
    : countInMemory(limit.name, start, key, cost);
  if (counted > limit.limit) throw tooMany(retryAfter);
}

function countInMemory(name: string, windowStart: number, key: string, cost: number): number {
  let window = memoryWindows.get(name);
  if (window?.windowStart !== windowStart) {
    window = { windowStart, counts: new Map() };
    memoryWindows.set(name, window);
  }
  const counting = window.counts.has(key) || window.counts.size < MEMORY_KEYS_PER_WINDOW ? key : OVERFLOW_KEY;
  const counted = (window.counts.get(counting) ?? 0) + cost;
  window.counts.set(counting, counted);
  return counted;
}

/**
 * Counts in small files, one per key and window: every counted request appends one byte per unit of cost
 * and reads the size back. Appends with O_APPEND are atomic, so concurrent calls in their fresh workers
 * all see one shared count; a race can refuse a request early but never lets one more through. A window's
 * folder is removed when a later window of the same limit starts. Where the folder cannot be written, the
 * count falls back to memory.
 */
function countInFiles(name: string, windowStart: number, key: string, cost: number): number {
  const folder = join(countsFolder(), name);
  const windowFolder = join(folder, String(windowStart));
  const file = join(windowFolder, createHash('sha256').update(key).digest('hex').slice(0, 32));
  const bytes = '.'.repeat(cost);
  try {
    try {
      appendFileSync(file, bytes);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
      mkdirSync(windowFolder, { recursive: true });
      removeWindowsBefore(folder, windowStart);
      appendFileSync(file, bytes);
    }
    return statSync(file).size;
  } catch (error) {
    if (!warned) console.error('[rate-limit] counting in memory: the counts folder cannot be written', error);
    warned = true;
    return countInMemory(name, windowStart, key, cost);
  }
}

/** Old windows are removed in the background: a busy minute leaves many files, and no request should wait on them. */
function removeWindowsBefore(folder: string, windowStart: number): void {
  for (const entry of readdirSync(folder)) {
    if (Number(entry) < windowStart)
      void rm(join(folder, entry), { recursive: true, force: true }).catch(() => undefined);
  }
}
