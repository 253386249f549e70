import type { Client, InStatement, InValue } from '@libsql/client';
import { z } from 'zod';
import { proofImages } from './blobs';
import { decodeRows } from './rows';

/**
 * The queue of blob files to delete (blob_deletions, its one writer): keys are queued in the transaction that
 * deletes the rows naming them, and `deleteQueuedBlobs` deletes the files after it, a key leaving the queue
 * once its file is gone.
 */

/** The stores files are deleted from, by the name the queue records. */
const STORES = { 'proof-images': proofImages } as const;
type StoreName = keyof typeof STORES;

/** Keys one run deletes at most: the run stays short, and the next catches up. */
const DELETE_LIMIT = 500;

/** Queues the keys `keys` reads (one column, `key`; null ones are skipped) for deletion from `store`. */
export const queueBlobDeletions = (
  store: StoreName,
  keys: { sql: string; args: InValue[] },
  at: string,
): InStatement => ({
  sql: `INSERT INTO blob_deletions (store, key, queued_at)
        SELECT ?, key, ? FROM (${keys.sql}) WHERE key IS NOT NULL
        ON CONFLICT (store, key) DO NOTHING`,
  args: [store, at, ...keys.args],
});

/** Deletes each file from its store; the entries whose delete succeeded, and the failures. */
async function deleteEach<E extends { store: StoreName; key: string }>(entries: E[]) {
  const outcomes = await Promise.allSettled(entries.map(({ store, key }) => STORES[store]().delete(key)));
  return {
    deleted: entries.filter((_, index) => outcomes[index]?.status === 'fulfilled'),
    failed: entries.flatMap((entry, index) => {
      const outcome = outcomes[index];
      return outcome?.status === 'rejected' ? [{ ...entry, reason: outcome.reason as unknown }] : [];
    }),
  };
}

/**
 * Deletes files no row names (an upload whose transaction failed) at once; those the store fails to delete are
 * queued for the housekeeping. Never throws: the caller's own error is what its request answers.
 */
export async function discardBlobs(db: Client, store: StoreName, keys: string[], now = new Date()): Promise<void> {
  const { failed } = await deleteEach(keys.map((key) => ({ store, key })));
  if (failed.length === 0) return;
  const left = failed.map(({ key }) => key);
  const listed = { sql: left.map(() => 'SELECT ? AS key').join(' UNION ALL '), args: left };
  try {
    await db.execute(queueBlobDeletions(store, listed, now.toISOString()));
  } catch (error) {
    console.error('[blobs] files left in the store, not queued', left, error);
  }
}

const queuedRow = z.object({ store: z.enum(Object.keys(STORES) as [StoreName]), key: z.string() });

/**
 * Deletes up to DELETE_LIMIT queued files, oldest first, and takes the ones deleted off the queue; one that
 * fails stays for the next run (logged). How many went.
 */
export async function deleteQueuedBlobs(db: Client): Promise<number> {
  const { rows } = await db.execute({
    sql: 'SELECT store, key FROM blob_deletions ORDER BY queued_at, key LIMIT ?',
    args: [DELETE_LIMIT],
  });
  const queued = decodeRows(queuedRow, rows);
  if (queued.length === 0) return 0;
  const { deleted, failed } = await deleteEach(queued);
  if (failed.length > 0) {
    console.error('[housekeeping] blob files left for the next run', failed.length, failed[0]?.reason);
  }
  if (deleted.length > 0) {
    await db.batch(
      deleted.map(({ store, key }) => ({
        sql: 'DELETE FROM blob_deletions WHERE store = ? AND key = ?',
        args: [store, key],
      })),
      'write',
    );
  }
  return deleted.length;
}
