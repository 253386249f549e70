import { z } from 'zod';

/**
 * The site's Content-Security-Policy allows no eval. Zod 4 compiles object parsers with
 * `new Function` when it can, and finds out by trying: in a browser that try is a CSP violation
 * (reported, logged) on the first parse. Its interpreted parsers give the same results, so browsers
 * use those; the server keeps the compiled ones. Imported for this effect by the modules every
 * schema builds on (./schemas/text, ./api/contract).
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
