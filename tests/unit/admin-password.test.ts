import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../netlify/lib/password';

let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'courier-admin-password-'));
  env = {
    DATABASE_URL: `file:${join(dir, 'courier.db')}`,
    NODE_ENV: 'test',
    ADMIN_PASSWORD: '',
    ADMIN_EMAIL: '',
  };
  expect(run('db/migrate-cli.ts', []).status).toBe(0);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(script: string, args: string[], input = '', database = env.DATABASE_URL!) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env, DATABASE_URL: database },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

async function sql(statement: string, args: Array<string | number> = [], database = env.DATABASE_URL!) {
  const db = createClient({ url: database });
  try {
    return (await db.execute({ sql: statement, args })).rows;
  } finally {
    db.close();
  }
}

async function storedHash(email: string) {
  const db = createClient({ url: env.DATABASE_URL! });
  try {
    const { rows } = await db.execute({ sql: 'SELECT password_hash FROM admin_users WHERE email = ?', args: [email] });
    return rows[0] ? String(rows[0].password_hash) : null;
  } finally {
    db.close();
  }
}

const USAGE =
  'Usage: npm run admin:password -- <email> [--role admin|dispatcher|driver|viewer]  (the password is prompted, or read from stdin)';

describe('npm run admin:password', () => {
  // Two runs of the command, each starting tsx: over 10 s on a busy two-core machine.
  it('creates an admin from a password on stdin, then changes it and ends its sessions', {
    timeout: 60_000,
  }, async () => {
    const created = run('scripts/admin-password.ts', ['ops@nec-cargo.example'], 'a brand new passphrase\n');
    expect(created).toMatchObject({ status: 0, stdout: 'Created admin ops@nec-cargo.example' });
    expect(await verifyPassword('a brand new passphrase', (await storedHash('ops@nec-cargo.example'))!)).toBe(true);

    await sql(
      `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
       SELECT 'h', id, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z' FROM admin_users WHERE email = ?`,
      ['ops@nec-cargo.example'],
    );
    const changed = run('scripts/admin-password.ts', ['ops@nec-cargo.example'], 'another long passphrase\n');
    expect(changed).toMatchObject({
      status: 0,
      stdout: 'Password of ops@nec-cargo.example changed; its sessions have ended',
    });
    const hash = (await storedHash('ops@nec-cargo.example'))!;
    expect(await verifyPassword('another long passphrase', hash)).toBe(true);
    expect(await verifyPassword('a brand new passphrase', hash)).toBe(false);
    expect(await sql('SELECT token_hash FROM sessions')).toHaveLength(0);
  });

  it('creates a staff member of another role, and never demotes the last admin', { timeout: 90_000 }, async () => {
    // A database of its own: "the last admin" depends on every account in it.
    const database = `file:${join(dir, 'roles.db')}`;
    expect(run('db/migrate-cli.ts', [], '', database).status).toBe(0);
    const owner = run('scripts/admin-password.ts', ['owner@nec-cargo.example'], 'an owner passphrase\n', database);
    expect(owner).toMatchObject({ status: 0, stdout: 'Created admin owner@nec-cargo.example' });
    const desk = run(
      'scripts/admin-password.ts',
      ['desk@nec-cargo.example', '--role', 'dispatcher'],
      'a dispatcher passphrase\n',
      database,
    );
    expect(desk).toMatchObject({ status: 0, stdout: 'Created dispatcher desk@nec-cargo.example' });

    const refused = run(
      'scripts/admin-password.ts',
      ['owner@nec-cargo.example', '--role', 'viewer'],
      'a long enough password\n',
      database,
    );
    expect(refused).toMatchObject({ status: 1, stderr: 'This is the last admin: make another account an admin first' });
    const roles = await sql('SELECT email, role FROM admin_users ORDER BY email', [], database);
    expect(roles.map((row) => `${row.email} ${row.role}`)).toEqual([
      'desk@nec-cargo.example dispatcher',
      'owner@nec-cargo.example admin',
    ]);
  });

  it.each([
    [['ops@nec-cargo.example'], 'too short\n', 'The password must be at least 12 characters'],
    [['not-an-email'], 'a long enough password\n', 'Not an email address: not-an-email'],
    [[], 'a long enough password\n', USAGE],
    [['ops@nec-cargo.example', '--role', 'owner'], 'a long enough password\n', USAGE],
    [['ops@nec-cargo.example'], 'change-me-local-admin\n', 'The built-in local default password cannot be used'],
    [['ops@nec-cargo.example'], 'a long\tenough password\n', 'The password must not contain control characters'],
  ])('refuses %j with one line', (args, input, message) => {
    const { status, stderr } = run('scripts/admin-password.ts', args, input);
    expect(status).toBe(1);
    expect(stderr).toBe(message);
  });

  it('stops with one line naming DATABASE_URL when it is malformed', () => {
    const saved = env.DATABASE_URL!;
    env.DATABASE_URL = 'postgres://db.example/x';
    try {
      const { status, stderr } = run(
        'scripts/admin-password.ts',
        ['ops@nec-cargo.example'],
        'a long enough password\n',
      );
      expect(status).toBe(1);
      expect(stderr).toMatch(/^Invalid environment variable DATABASE_URL: /);
    } finally {
      env.DATABASE_URL = saved;
    }
  });
});
