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

describe('production and deployed, for the refusal of the local default password', () => {
  const KEYS = ['NODE_ENV', 'CONTEXT', 'NETLIFY_LOCAL', 'SITE_ID'];
  const saved = { ...process.env };
  const envWith = (env: Record<string, string>) => {
    for (const key of KEYS) delete process.env[key];
    Object.assign(process.env, env);
    try {
      const { isProduction, deployed } = getEnv();
      return { isProduction, deployed };
    } finally {
      for (const key of KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  };

  it('is NODE_ENV=production or a real Netlify production context, not `netlify serve` on this machine', () => {
    expect(envWith({ NODE_ENV: 'production' }).isProduction).toBe(true);
    expect(envWith({ CONTEXT: 'production' }).isProduction).toBe(true);
    expect(envWith({ CONTEXT: 'production', NETLIFY_LOCAL: 'true' }).isProduction).toBe(false);
    expect(envWith({ CONTEXT: 'deploy-preview' }).isProduction).toBe(false);
    expect(envWith({}).isProduction).toBe(false);
  });

  it("is deployed on Netlify's servers in any context (a function is told its site), never under netlify dev or serve", () => {
    expect(envWith({ SITE_ID: 'a1b2' }).deployed).toBe(true);
    expect(envWith({ CONTEXT: 'deploy-preview' }).deployed).toBe(true);
    expect(envWith({ SITE_ID: 'a1b2', CONTEXT: 'production', NETLIFY_LOCAL: 'true' }).deployed).toBe(false);
    expect(envWith({ NODE_ENV: 'production' }).deployed).toBe(false);
    expect(envWith({}).deployed).toBe(false);
  });
});
