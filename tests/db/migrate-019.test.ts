import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';
import { useTestDatabase } from '../helpers/test-db';

/** Migration 019 on a database with staff already: each account stays, as an admin, with all that refers to it. */

const getDb = useTestDatabase({ migrate: false });
let scratch: string | undefined;

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('migration 019 (staff roles)', () => {
  it('keeps every account as an admin with its sessions, and takes only the four roles from then on', async () => {
    const db = await getDb();
    scratch = await mkdtemp(join(tmpdir(), 'courier-migrations-018-'));
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (name < '019') await copyFile(join(MIGRATIONS_DIR, name), join(scratch, name));
    }
    await migrate(db, scratch);
    await db.batch(
      [
        "INSERT INTO admin_users (id, email, password_hash) VALUES (7, 'owner@nec-cargo.example', 'scrypt$x')",
        `INSERT INTO sessions (token_hash, id, user_id, created_at, last_seen_at, expires_at, user_agent, address)
         VALUES ('hash', 'public-id', 7, '2026-11-25T00:00:00Z', '2026-11-25T00:00:00Z', '2026-12-25T00:00:00Z', 'ua', '192.0.2.1')`,
      ],
      'write',
    );

    // Later migrations follow it.
    expect((await migrate(db))[0]).toBe('019-staff-roles.sql');
    const { rows } = await db.execute(
      'SELECT u.email, u.role, (SELECT count(*) FROM sessions s WHERE s.user_id = u.id) AS sessions FROM admin_users u',
    );
    expect(rows.map((row) => ({ ...row }))).toEqual([{ email: 'owner@nec-cargo.example', role: 'admin', sessions: 1 }]);
    await db.execute(
      "INSERT INTO admin_users (email, password_hash, role) VALUES ('look@nec-cargo.example', 'x', 'viewer')",
    );
    await expect(
      db.execute(
        "INSERT INTO admin_users (email, password_hash, role) VALUES ('boss@nec-cargo.example', 'x', 'owner')",
      ),
    ).rejects.toThrow(/CHECK constraint failed/);
    await expect(
      db.execute("INSERT INTO admin_users (email, password_hash) VALUES ('new@nec-cargo.example', 'x') RETURNING role"),
    ).resolves.toMatchObject({ rows: [{ role: 'admin' }] });
  });
});
