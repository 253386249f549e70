import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed out once (session cookies, sign-in challenges and links, alert links, reveal grants,
 * API keys): 256 random bits, stored only as their SHA-256; and the cookies that carry them.
 */

export const newToken = () => randomBytes(32).toString('base64url');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The value of the request's cookie of that name (the first one sent), or null. */
export function cookieValue(request: Request, cookieName: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return value.join('=');
  }
  return null;
}

/**
 * The Set-Cookie value that gives the browser a token: sent to this site alone and never to scripts. With
 * no age it lasts the browser session; an age of 0 deletes it.
 */
export function tokenCookie(cookieName: string, token: string, maxAgeSeconds?: number): string {
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  return `${cookieName}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict${age}`;
}
