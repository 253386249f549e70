import type { Client } from '@libsql/client';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { closeDb, getDb } from '../../netlify/lib/db';

/** The admin every bench database is seeded with. */
export const BENCH_ADMIN = { email: 'bench@nec-cargo.example', password: 'bench-password-not-used' };

/**
 * Runs `run` with the app's database switched to `url` (migrated and seeded), then switches back: the
 * handlers under measure open whatever DATABASE_URL names, through the app's own db module.
 */
export async function withSeededDatabase<T>(url: string, run: (db: Client) => Promise<T>): Promise<T> {
  const previous = process.env.DATABASE_URL;
  await closeDb();
  process.env.DATABASE_URL = url;
  try {
    const db = await getDb();
    await migrate(db);
    await seed(db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
    return await run(db);
  } finally {
    await closeDb();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
