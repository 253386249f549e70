import { LOGIN_PATH } from './auth-flag';

/**
 * Where the sign-in page sends a person back to: the page they were on, carried in the sign-in
 * page's `next` parameter. Only a path of the admin app or the driver's screen on this origin is
 * followed, so a crafted link cannot make the sign-in page an open redirect.
 */

const HOME = '/admin';
/** The driver's phone screen, which signs in through the same page. */
export const DRIVER_HOME = '/driver';
const NEXT = 'next';

/** The admin or driver path `raw` names, or the dashboard when it names anything else (another site, another page, nothing). */
export function returnPath(raw: string | null, origin: string = window.location.origin): string {
  // A backslash or a control character is read by some browsers as a path separator or dropped.
  if (!raw?.startsWith('/') || raw.startsWith('//') || /[\\\p{Cc}]/u.test(raw)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return HOME;
  }
  const inApp = url.pathname === HOME || url.pathname.startsWith(`${HOME}/`) || url.pathname === DRIVER_HOME;
  if (url.origin !== origin || !inApp) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that returns to `path` afterwards (plain for the dashboard). */
export function loginUrl(path: string): string {
  return path === HOME ? LOGIN_PATH : `${LOGIN_PATH}?${new URLSearchParams({ [NEXT]: path })}`;
}

/** Where this sign-in page returns to once signed in. */
export function afterSignIn(): string {
  return returnPath(new URLSearchParams(window.location.search).get(NEXT));
}

/** The page this tab shows, as a path to return to. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return returnPath(`${pathname}${search}${hash}`);
}

const FOR_LINK = 'sign-in-link-return';
/** As long as an emailed sign-in link works. */
const FOR_LINK_MS = 15 * 60 * 1000;

/**
 * Remembers on this device where this sign-in page returns to, when it emailed a sign-in link instead:
 * the link opens in a tab of its own, without the page's `next`.
 */
export function rememberForLink(now = Date.now()): void {
  try {
    localStorage.setItem(FOR_LINK, JSON.stringify({ path: afterSignIn(), at: now }));
  } catch {
    // Without storage the link returns to the dashboard, as from another device.
  }
}

/** Where a sign-in link returns to: the page remembered on this device in the link's time, else the dashboard. Once. */
export function returnForLink(now = Date.now()): string {
  let remembered: unknown;
  try {
    const raw = localStorage.getItem(FOR_LINK);
    localStorage.removeItem(FOR_LINK);
    remembered = JSON.parse(raw ?? 'null');
  } catch {
    return HOME;
  }
  // Checked by hand: the sign-in page carries no schema library.
  if (typeof remembered !== 'object' || remembered === null || !('path' in remembered) || !('at' in remembered)) {
    return HOME;
  }
  const { path, at } = remembered;
  if (typeof path !== 'string' || typeof at !== 'number' || at > now || now - at > FOR_LINK_MS) return HOME;
  return returnPath(path);
}
