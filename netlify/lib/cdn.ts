import { getEnv } from './env';
import type { FunctionContext } from './http';
import { REVEAL_COOKIE, revealTokenOf } from './tracking-reveal';

/**
 * The public lookup's answers at Netlify's CDN: kept there so repeated lookups of a number never reach a
 * function or the database, tagged per tracking number, and purged by every write that changes one.
 */

/** Every cached lookup carries this tag beside its own, for changes that touch many answers at once. */
const ALL_LOOKUPS = 'tracking';
const lookupTag = (trackingNumber: string) => `tracking-${trackingNumber}`;

/**
 * A public lookup's answer, the same for every visitor without a reveal. The CDN keeps it (durable: one
 * copy for every edge node) a minute and serves it a minute longer while it refreshes, and a purge
 * drops it at once; browsers always ask again. A browser that revealed an address sends its reveal
 * cookie, which is part of the cache key, so it never gets the shared copy.
 */
function publicLookupHeaders(trackingNumber: string): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, durable, max-age=60, stale-while-revalidate=60',
    'Netlify-Cache-Tag': `${ALL_LOOKUPS},${lookupTag(trackingNumber)}`,
    'Netlify-Vary': `cookie=${REVEAL_COOKIE}`,
  };
}

/** A lookup's caching: shared by everyone, or kept for the one browser that revealed the address. */
export const lookupHeaders = (trackingNumber: string, request: Request) =>
  revealTokenOf(request) ? PRIVATE_LOOKUP_HEADERS : publicLookupHeaders(trackingNumber);

/** The lookup's answer to a browser with a reveal cookie: its own, never stored anywhere. */
const PRIVATE_LOOKUP_HEADERS: Record<string, string> = {
  'Cache-Control': 'private, no-store',
  'Netlify-Vary': `cookie=${REVEAL_COOKIE}`,
};

/**
 * Drops the CDN's copies of the lookups of these shipments ('all': every lookup, after a change to a
 * place or a customer's name, which many answers show). Call it once the write has committed. It runs
 * after the answer where the platform keeps the function alive for it (`context.waitUntil`), else
 * before. It never fails the write: a failed purge is logged, and the copy expires within two minutes.
 * Without a purge token there is no CDN to purge (netlify dev and serve, tests, the bench).
 */
export async function purgeLookups(context: FunctionContext, numbers: readonly string[] | 'all'): Promise<void> {
  const tags = numbers === 'all' ? [ALL_LOOKUPS] : [...new Set(numbers)].map(lookupTag);
  if (tags.length === 0) return;
  const env = getEnv();
  const token = env.NETLIFY_PURGE_API_TOKEN;
  if (!token) {
    if (env.deployed) console.warn('[cdn] NETLIFY_PURGE_API_TOKEN is not set: cached lookups expire on their own');
    return;
  }
  const purge = (async () => {
    // Loaded here, not with the module: the lookup, which only sets the headers, starts without it.
    const { purgeCache } = await import('@netlify/functions');
    await purgeCache({
      tags,
      token,
      ...(env.SITE_ID ? { siteID: env.SITE_ID } : {}),
      ...(env.NETLIFY_API_URL ? { apiURL: env.NETLIFY_API_URL } : {}),
    });
  })().catch((error: unknown) => console.error(`[cdn] purging ${tags.join(', ')} failed:`, error));
  if (context.waitUntil) context.waitUntil(purge);
  else await purge;
}
