import { getSession } from './api/auth';
import { ApiError } from './api/client';
import { clearAuthFlag, hasAuthFlag } from './auth-flag';
import { afterSignIn } from './return-path';

/**
 * The sign-in page, visited with a live session, goes straight where it would after signing in. Only a browser
 * whose flag says it signed in asks the server (the others would only get a 401); a flag without
 * a session is cleared, and the page stays.
 */
export async function leaveIfSignedIn(): Promise<void> {
  if (!hasAuthFlag()) return;
  try {
    await getSession({ on401: 'none' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearAuthFlag();
    return;
  }
  window.location.replace(afterSignIn());
}
