import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, getEnv, seedAdminCredentials } from '../../netlify/lib/env';
import { newHashParams, PASSWORD_PARAMS } from '../../netlify/lib/password';

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

  it('hashes new passwords at the full cost but in a test run, and always on a deployed site', () => {
    delete process.env.CONTEXT;
    delete process.env.SITE_ID;
    delete process.env.NETLIFY_LOCAL;
    for (const mode of ['development', 'production']) {
      process.env.NODE_ENV = mode;
      expect(newHashParams()).toEqual(PASSWORD_PARAMS);
    }
    process.env.NODE_ENV = 'test';
    expect(newHashParams().N).toBeLessThan(PASSWORD_PARAMS.N);
    // netlify serve and dev name a context too, locally.
    process.env.CONTEXT = 'production';
    process.env.NETLIFY_LOCAL = 'true';
    expect(newHashParams().N).toBeLessThan(PASSWORD_PARAMS.N);
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      process.env.CONTEXT = context;
      delete process.env.NETLIFY_LOCAL;
      expect(newHashParams(), context).toEqual(PASSWORD_PARAMS);
    }
    // At run time, a deployed function is told its site, not its context.
    delete process.env.CONTEXT;
    process.env.SITE_ID = '1d01c0c0-4554-4747-93b8-34ce3448ab95';
    expect(newHashParams()).toEqual(PASSWORD_PARAMS);
  });
});
