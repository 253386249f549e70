import login from '../../netlify/functions/auth-login';
import { apiRequest, call } from './requests';
import { TEST_ADMIN } from './test-db';

/**
 * Signs in through the real login function (with the seeded TEST_ADMIN unless told otherwise) and
 * returns the `Cookie` header value that carries the new session, e.g. `__Host-session=…`.
 * Needs `useTestDatabase({ seed: true })` in the test file.
 */
export async function signIn(
  credentials: { email: string; password: string; remember?: boolean } = TEST_ADMIN,
): Promise<string> {
  const response = await call(login, apiRequest('/api/admin/login', { json: credentials }));
  const setCookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !setCookie) {
    throw new Error(`signIn failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return setCookie.split(';')[0]!;
}

/** Request headers for an admin call: the session cookie (from signIn) plus whatever else is given. */
export function withSession(cookie: string, headers: HeadersInit = {}): Headers {
  const merged = new Headers(headers);
  merged.set('Cookie', cookie);
  return merged;
}
