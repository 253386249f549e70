import { describe, expect, it } from 'vitest';
import { deleteQueuedBlobs, discardBlobs } from '../../netlify/lib/blob-deletions';
import { proofImages } from '../../netlify/lib/blobs';
import { useBlobsServer, withStoreAway } from '../helpers/blobs-server';
import { storedImageKeys } from '../helpers/proof-stops';
import { useTestDatabase } from '../helpers/test-db';

// Files no row names (an upload whose transaction failed) go at once, or wait in the queue when the store fails.
const getDb = useTestDatabase();
useBlobsServer();

/** Two files of this test's own in the proof images' store; their keys. */
async function twoFiles(name: string): Promise<string[]> {
  const keys = [`signature/${name}`, `photo/${name}`];
  for (const key of keys) await proofImages().set(key, new Uint8Array([1, 2, 3]).buffer);
  return keys;
}

async function queued(keys: string[]): Promise<string[]> {
  const { rows } = await (await getDb()).execute({
    sql: `SELECT key FROM blob_deletions WHERE key IN (${keys.map(() => '?').join(', ')}) ORDER BY key`,
    args: keys,
  });
  return rows.map((row) => String(row.key));
}

describe('discarding files no row names', () => {
  it('deletes them at once and queues nothing', async () => {
    const keys = await twoFiles('at-once');
    await discardBlobs(await getDb(), 'proof-images', keys);
    expect((await storedImageKeys()).filter((key) => keys.includes(key))).toEqual([]);
    expect(await queued(keys)).toEqual([]);
  });

  it('queues those the store fails to delete, without throwing, and the housekeeping deletes them', async () => {
    const keys = await twoFiles('store-away');
    const db = await getDb();
    await expect(withStoreAway(() => discardBlobs(db, 'proof-images', keys))).resolves.toBeUndefined();
    expect(await queued(keys)).toEqual([...keys].sort());
    expect((await storedImageKeys()).filter((key) => keys.includes(key)).sort()).toEqual([...keys].sort());

    expect(await deleteQueuedBlobs(await getDb())).toBeGreaterThanOrEqual(2);
    expect(await queued(keys)).toEqual([]);
    expect((await storedImageKeys()).filter((key) => keys.includes(key))).toEqual([]);
  });
});
