import { describe, expect, it } from 'vitest';
import { getEnv } from '../../netlify/lib/env';
import { CLEAR_SESSION_COOKIE, sessionToken } from '../../netlify/lib/sessions';
import { hashToken } from '../../netlify/lib/tokens';

const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });

describe('session cookies', () => {
  it('reads the __Host-session token among other cookies', () => {
    expect(sessionToken(withCookie('theme=dark; __Host-session=abc_DEF-123; other=1'))).toBe('abc_DEF-123');
    expect(sessionToken(withCookie('session=abc'))).toBeNull();
    expect(sessionToken(withCookie('__Host-session='))).toBeNull();
    expect(sessionToken(new Request('http://localhost/'))).toBeNull();
  });

  it('stores only the SHA-256 of a token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('clears the cookie with the same attributes', () => {
    expect(CLEAR_SESSION_COOKIE).toBe('__Host-session=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0');
  });
});

describe('production, for the refusal of the local default password', () => {
  const saved = { ...process.env };
  const isProduction = (env: Record<string, string>) => {
    for (const key of ['NODE_ENV', 'CONTEXT', 'NETLIFY_LOCAL']) delete process.env[key];
    Object.assign(process.env, env);
    try {
      return getEnv().isProduction;
    } finally {
      for (const key of ['NODE_ENV', 'CONTEXT', 'NETLIFY_LOCAL']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  };

  it('is NODE_ENV=production or a real Netlify production context, not `netlify serve` on this machine', () => {
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true);
    expect(isProduction({ CONTEXT: 'production' })).toBe(true);
    expect(isProduction({ CONTEXT: 'production', NETLIFY_LOCAL: 'true' })).toBe(false);
    expect(isProduction({ CONTEXT: 'deploy-preview' })).toBe(false);
    expect(isProduction({})).toBe(false);
  });
});
