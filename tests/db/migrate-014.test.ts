import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { kept, recount } from '../helpers/place-usage';
import { useTestDatabase } from '../helpers/test-db';

/** Migration 014 on a database that has shipments already: the counts start from what they name. */

const getDb = useTestDatabase({ migrate: false });
let scratch: string | undefined;

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('migration 014 (place usage)', () => {
  it('counts the places of the shipments already there, each once a shipment, whatever its case', async () => {
    const db = await getDb();
    scratch = await mkdtemp(join(tmpdir(), 'courier-migrations-013-'));
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (name < '014') await copyFile(join(MIGRATIONS_DIR, name), join(scratch, name));
    }
    await migrate(db, scratch);
    await seed(db, { adminEmail: 'staff@nec-cargo.example', adminPassword: 'correct horse battery staple' });
    await db.execute(
      `UPDATE shipments SET origin = 'Kumasi, Ghana', destination = ' KUMASI, ghana ', current_location = 'Accra, Ghana'
       WHERE id = (SELECT min(id) FROM shipments)`,
    );

    expect((await migrate(db))[0]).toBe('014-place-usage.sql');
    const counts = await kept(db);
    expect(counts).toEqual(await recount(db));
    expect(counts['kumasi, ghana']).toBe(1);
    expect(Object.keys(counts).length).toBeGreaterThan(10);
  });
});
