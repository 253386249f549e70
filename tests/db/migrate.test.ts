import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, MigrationError, migrate } from '../../db/migrate';
import { openTestDatabase } from '../helpers/test-db';

// Each test has an empty database of its own (and its own scratch folder): what one applies, another never sees.
let db: Client;
let dispose: () => Promise<void>;
let scratch: string;

beforeEach(async () => {
  const database = await openTestDatabase();
  dispose = database.dispose;
  db = createClient({ url: database.url });
  scratch = await mkdtemp(join(tmpdir(), 'courier-migrations-'));
});

afterEach(async () => {
  db.close();
  await dispose();
  await rm(scratch, { recursive: true, force: true });
});

const tables = async () =>
  (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).rows.map((row) => row.name);

describe('migrations', () => {
  it('applies every migration once and records it', async () => {
    const first = await migrate(db);
    expect(first[0]).toBe('001-initial-schema.sql');
    expect(await tables()).toEqual(
      expect.arrayContaining(['customers', 'shipments', 'shipment_histories', 'admin_users', 'sessions', 'migrations']),
    );
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.execute('SELECT name FROM migrations ORDER BY name');
    expect(recorded.rows.map((row) => row.name)).toEqual(first);
  });

  it('rolls a failing migration back whole and names its file', async () => {
    // A migrated database meets a folder with one applied migration and a new one that fails halfway.
    await migrate(db);
    await writeFile(
      join(scratch, '001-initial-schema.sql'),
      await readFile(join(MIGRATIONS_DIR, '001-initial-schema.sql')),
    );
    await writeFile(
      join(scratch, '900-broken.sql'),
      'CREATE TABLE half_done (id INTEGER PRIMARY KEY);\nINSERT INTO no_such_table VALUES (1);\n',
    );
    const before = await tables();
    const error = await migrate(db, scratch).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/^900-broken\.sql: /);
    expect(await tables()).toEqual(before);
    expect((await db.execute("SELECT 1 FROM migrations WHERE name = '900-broken.sql'")).rows).toHaveLength(0);
  });

  it('enforces the schema constraints', async () => {
    await migrate(db);
    const insert = (status: string, tracking = 'NECAAAAAAAA1') =>
      db.execute({
        sql: `INSERT INTO shipments (tracking_number, status, sender_name, recipient_name, recipient_address, origin, destination)
              VALUES (?, ?, 'A', 'B', 'C', 'D', 'E')`,
        args: [tracking, status],
      });
    await expect(insert('lost')).rejects.toThrow(/CHECK constraint/);
    await expect(insert('delivered', 'XYZ')).rejects.toThrow(/CHECK constraint/);
    await insert('delivered');
    await expect(insert('delivered')).rejects.toThrow(/UNIQUE constraint/);
    await expect(
      db.execute("INSERT INTO shipment_histories (shipment_id, status) VALUES (999999, 'delivered')"),
    ).rejects.toThrow(/FOREIGN KEY constraint/);
  });
});
