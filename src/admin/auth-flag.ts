/**
 * The `admin-auth` local-storage flag, under the name it has always had. Kept so older bookmarks and
 * scripts see the same signal, but never trusted: the server session decides who is signed in.
 */
const AUTH_FLAG = 'admin-auth';

export const LOGIN_PATH = '/admin-login';

export function setAuthFlag(): void {
  try {
    localStorage.setItem(AUTH_FLAG, 'true');
  } catch {
    // Storage can be disabled; the session cookie still works.
  }
}

/** Whether this browser signed in last time and has not signed out (a hint, not proof of a session). */
export function hasAuthFlag(): boolean {
  try {
    return localStorage.getItem(AUTH_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function clearAuthFlag(): void {
  try {
    localStorage.removeItem(AUTH_FLAG);
  } catch {
    // As above.
  }
}

/** Set before leaving the app because the session ended, so the sign-in page can say why. */
const ENDED_KEY = 'admin-session-ended';

export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // Without storage the sign-in page simply shows no reason.
  }
}

/** Whether the last visit ended with an expired session (read once). */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(ENDED_KEY) === '1';
    sessionStorage.removeItem(ENDED_KEY);
    return ended;
  } catch {
    return false;
  }
}
