import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'courier-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function runCli(script: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe('database command-line tools', () => {
  it('stop with one line naming DATABASE_URL when it is malformed', () => {
    const { status, stderr } = runCli('db/migrate-cli.ts', { DATABASE_URL: 'postgres://db.example/courier' });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid environment variable DATABASE_URL: /);
  });

  it('stop with one line naming DATABASE_URL when the database cannot be opened', () => {
    const { status, stderr } = runCli('db/migrate-cli.ts', { DATABASE_URL: 'file:/etc/passwd/courier.db' });
    expect(status).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid environment variable DATABASE_URL: cannot open file:\/etc\/passwd\/courier\.db/);
  });

  it('migrate and seed a new file database, creating its folder, and say so', () => {
    const env = {
      DATABASE_URL: `file:${join(dir, 'nested', 'courier.db')}`,
      ADMIN_PASSWORD: '',
      ADMIN_EMAIL: '',
      NODE_ENV: 'development',
      CONTEXT: '',
    };
    const migrated = runCli('db/migrate-cli.ts', env);
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/^Applied 001-initial-schema\.sql/);
    const seeded = runCli('db/seed-cli.ts', env);
    expect(seeded.status).toBe(0);
    expect(seeded.stdout).toMatch(/^Seeded 36 new shipments, 5 customers, admin admin@nec-cargo\.example$/);
    expect(runCli('db/migrate-cli.ts', env).stdout).toBe('Database is up to date');
    // Three processes that each start TypeScript: more than the usual 20 s on a busy two-core machine.
  }, 90_000);

  it('refuse to seed the local default admin password in production', () => {
    const env = { DATABASE_URL: `file:${join(dir, 'prod.db')}`, ADMIN_PASSWORD: '', NODE_ENV: 'production' };
    expect(runCli('db/migrate-cli.ts', env).status).toBe(0);
    const { status, stderr } = runCli('db/seed-cli.ts', env);
    expect(status).toBe(1);
    expect(stderr).toBe('Invalid environment variable ADMIN_PASSWORD: required in production');
  });
});
