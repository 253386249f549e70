import type { Client } from '@libsql/client';
import { HttpError } from './http';
import { PURGE_BATCH } from './purge';

/** The longest window a limit may use: windows older than this are purged whatever their key. */
export const MAX_WINDOW_SECONDS = 24 * 60 * 60;

export interface RateLimit {
  /** What is counted, e.g. `tracking:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one request against a fixed-window limit kept in the database (so it holds across function
 * instances) and throws a 429 with Retry-After once the window's limit is passed.
 */
export async function enforceRateLimit(
  db: Client,
  { key, limit, windowSeconds }: RateLimit,
  now = Date.now(),
): Promise<void> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  if (windowSeconds > MAX_WINDOW_SECONDS) throw new Error(`${key}: a rate-limit window is at most a day`);
  const [, , counted] = await db.batch(
    [
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
    ],
    'write',
  );
  if (Number(counted!.rows[0]!.count) > limit) {
    const retryAfter = windowStart + windowSeconds - nowSeconds;
    throw new HttpError(429, `Too many requests. Please try again in ${retryAfter} seconds.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}
