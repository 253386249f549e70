/**
 * The paths of the calls the admin shell and the sign-in page make before any screen loads. They
 * live apart from the contracts so those two pages can call them without bundling zod (the
 * contract in `auth.ts` uses these same constants).
 */
export const AUTH_PATHS = {
  login: '/api/admin/login',
  loginTwoFactor: '/api/admin/login/two-factor',
  loginLink: '/api/admin/login/link',
  logout: '/api/admin/logout',
  session: '/api/admin/session',
} as const;

/** The tracking page's alert signup, which stays free of zod too (the contract in `alerts.ts` uses it). */
export const ALERTS_SUBSCRIBE_PATH = '/api/alerts';
