/**
 * Twenty writes at once may meet the database locked too long on a loaded machine. Such
 * a write is refused whole (503 with Retry-After from a function; SQLITE_BUSY from a domain function) and a
 * client sends it again: the race tests do the same, so what they check is what the writes that land leave.
 */

import { type Client, createClient } from '@libsql/client';

/** A function's 503 with Retry-After, thrown so that `untilNotBusy` makes the call again. */
class BusyAnswer extends Error {}

const busy = (error: unknown) =>
  error instanceof BusyAnswer || (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY');

/** Throws `BusyAnswer` for a function's busy answer; answers any other. */
export function notBusy<T extends { status: number; headers: Headers }>(answer: T): T {
  if (answer.status === 503 && answer.headers.get('retry-after')) throw new BusyAnswer();
  return answer;
}

/** Makes the call again, a little later each time, while the database answers that it is busy. */
export async function untilNotBusy<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!busy(error) || tries === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * tries));
    }
  }
}

/**
 * Runs `work` on a connection of its own to the test database, as a separate function instance would, on a
 * new one for each attempt: a libSQL file connection that failed busy is not usable again (netlify/lib/db.ts).
 */
export function onOwnConnection<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL!;
  return untilNotBusy(async () => {
    const client = createClient({ url, ...(url.startsWith('file:') ? { timeout: 10_000 } : {}) });
    try {
      return await work(client);
    } finally {
      client.close();
    }
  });
}
