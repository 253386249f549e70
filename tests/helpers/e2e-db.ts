import { type Client, createClient } from '@libsql/client';

/**
 * The served product's database, opened from the test process to arrange or check what a person cannot
 * see. The server writes it at the same time, so a write here waits for the lock like the server's do.
 */
export function openE2eDatabase(): Client {
  return createClient({ url: process.env.E2E_DATABASE_URL!, timeout: 5000 });
}
