import { atom } from 'nanostores';
import type { SessionUser } from '@/lib/schemas/login';
import { getSession, logout } from '../api/auth';
import { ApiError, goToLogin } from '../api/client';
import { clearAuthFlag, setAuthFlag } from '../auth-flag';
import { DRIVER_HOME } from '../return-path';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'error'; message: string };

export const $session = atom<SessionState>({ status: 'checking' });

/** Asks the server who is signed in; without a session, leaves for the sign-in page before anything else loads. */
export async function checkSession(): Promise<void> {
  $session.set({ status: 'checking' });
  try {
    const { user } = await getSession({ on401: 'guard' });
    setAuthFlag();
    // A driver's day is on the driver's screen; the back office keeps only their own settings for them.
    if (user.role === 'driver' && /^\/admin\/?$/.test(window.location.pathname)) {
      window.location.replace(DRIVER_HOME);
      return;
    }
    $session.set({ status: 'signed-in', user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    console.error('Could not check the session.', error);
    $session.set({ status: 'error', message: 'Could not check your session. Please try again.' });
  }
}

/** Asks again who is signed in, keeping the app on screen (their role or two-factor duty may have changed). */
export async function refreshSession(): Promise<void> {
  try {
    const { user } = await getSession();
    $session.set({ status: 'signed-in', user });
  } catch (error) {
    console.error('Could not check the session again.', error);
  }
}

/** Ends the session on the server, then leaves the app whatever the answer (the flag goes either way). */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Already signed out or unreachable: the sign-in page is still the right place.
  }
  clearAuthFlag();
  goToLogin({ signedOut: true });
}
