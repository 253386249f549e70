import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed out once (session cookies, sign-in challenges and links, alert links, reveal grants):
 * 256 random bits, stored only as their SHA-256.
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
