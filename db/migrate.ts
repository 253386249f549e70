import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@libsql/client';

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url).pathname;

const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies, in file-name order, every migration not yet recorded in `migrations`. Each one runs in
 * its own write transaction together with its record, so a failing file leaves the database as it
 * was before that file. Returns the names applied.
 */
export async function migrate(db: Client, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.execute(`CREATE TABLE IF NOT EXISTS migrations (
    name        TEXT PRIMARY KEY,
    applied_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
  const applied = new Set((await db.execute('SELECT name FROM migrations')).rows.map((row) => String(row.name)));
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const done: string[] = [];

  for (const name of files) {
    if (!MIGRATION_FILE.test(name)) throw new MigrationError(`${name}: name must look like 001-some-change.sql`);
    if (applied.has(name)) continue;
    const sql = await readFile(join(dir, name), 'utf8');
    const tx = await db.transaction('write');
    try {
      await tx.executeMultiple(sql);
      await tx.execute({ sql: 'INSERT INTO migrations (name) VALUES (?)', args: [name] });
      await tx.commit();
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      throw new MigrationError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      tx.close();
    }
    done.push(name);
  }
  return done;
}
