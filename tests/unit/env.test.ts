import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, getEnv, seedAdminCredentials } from '../../netlify/lib/env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('environment', () => {
  it('defaults to a local file database', () => {
    delete process.env.DATABASE_URL;
    expect(getEnv().DATABASE_URL).toBe('file:.data/courier.db');
  });

  it('names the variable at fault in one line', () => {
    process.env.DATABASE_URL = 'postgres://db.example/courier';
    expect(() => getEnv()).toThrow(ConfigError);
    expect(() => getEnv()).toThrow(/^Invalid environment variable DATABASE_URL: .*$/);
    process.env.DATABASE_URL = 'file:x.db';
    process.env.ADMIN_EMAIL = 'not-an-email';
    expect(() => getEnv()).toThrow(/ADMIN_EMAIL/);
  });

  it('reads changes made after the first read', () => {
    process.env.DATABASE_URL = 'file:one.db';
    expect(getEnv().DATABASE_URL).toBe('file:one.db');
    process.env.DATABASE_URL = 'libsql://two.example';
    expect(getEnv().DATABASE_URL).toBe('libsql://two.example');
  });

  it('uses the local default admin only outside production', () => {
    delete process.env.ADMIN_PASSWORD;
    delete process.env.CONTEXT;
    process.env.NODE_ENV = 'development';
    expect(seedAdminCredentials()).toMatchObject({ password: DEFAULT_ADMIN_PASSWORD, isDefault: true });
    process.env.CONTEXT = 'production';
    expect(() => seedAdminCredentials()).toThrow(/ADMIN_PASSWORD: required in production/);
    process.env.ADMIN_PASSWORD = 'a-long-production-secret';
    expect(seedAdminCredentials()).toMatchObject({ password: 'a-long-production-secret', isDefault: false });
  });
});
