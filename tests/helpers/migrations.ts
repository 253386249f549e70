import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';

/**
 * Applies only the migrations numbered below `number` (e.g. '019'): the schema that migration met when
 * it ran, for a test to fill with data of that time before `migrate(db)` applies the rest.
 */
export async function migrateBefore(db: Client, number: string): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), `courier-migrations-before-${number}-`));
  try {
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (name < number) await copyFile(join(MIGRATIONS_DIR, name), join(scratch, name));
    }
    await migrate(db, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
