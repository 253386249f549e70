import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../db/migrate';
import { useTestDatabase } from '../helpers/test-db';

/** Migration 020 on a database with staff already: each account stays, active and unnamed; invitations are new. */

const getDb = useTestDatabase({ migrate: false });
let scratch: string | undefined;

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const invitation = (email: string, token: string, state = 'pending') => ({
  sql: `INSERT INTO staff_invitations (email, role, token_hash, invited_by_email, created_at, expires_at, state, ended_at)
        VALUES (?, 'driver', ?, 'owner@nec-cargo.example', '2026-11-25T00:00:00Z', '2026-11-28T00:00:00Z', ?, ?)`,
  args: [email, token, state, state === 'pending' ? null : '2026-11-26T00:00:00Z'],
});

describe('migration 020 (the team)', () => {
  it('keeps every account, active and without a name; one pending invitation per email', async () => {
    const db = await getDb();
    scratch = await mkdtemp(join(tmpdir(), 'courier-migrations-019-'));
    for (const name of await readdir(MIGRATIONS_DIR)) {
      if (name < '020') await copyFile(join(MIGRATIONS_DIR, name), join(scratch, name));
    }
    await migrate(db, scratch);
    await db.execute(
      "INSERT INTO admin_users (id, email, password_hash, role) VALUES (7, 'owner@nec-cargo.example', 'scrypt$x', 'admin')",
    );

    expect((await migrate(db))[0]).toBe('020-team.sql');
    const { rows } = await db.execute('SELECT email, role, name, status FROM admin_users');
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { email: 'owner@nec-cargo.example', role: 'admin', name: null, status: 'active' },
    ]);
    await expect(db.execute("UPDATE admin_users SET status = 'gone' WHERE id = 7")).rejects.toThrow(/CHECK/);

    await db.execute(invitation('new@nec-cargo.example', 'a'));
    await expect(db.execute(invitation('NEW@nec-cargo.example', 'b'))).rejects.toThrow(/UNIQUE/);
    await db.execute(invitation('new@nec-cargo.example', 'c', 'revoked'));
    await expect(db.execute(invitation('other@nec-cargo.example', 'd', 'owner'))).rejects.toThrow(/CHECK/);
  });
});
