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
  passwordForgot: '/api/admin/password/forgot',
  passwordResetCheck: '/api/admin/password/reset/check',
  passwordReset: '/api/admin/password/reset',
} as const;

/**
 * The pages of a password reset: the form asking for the link (it posts to `AUTH_PATHS.passwordForgot`
 * with its script or without it), and where a plain form post is answered with a 303.
 */
export const PASSWORD_RESET_PAGES = { forgot: '/admin-forgot-password', sent: '/admin-reset-link-sent' } as const;

/** The invitation link's page reads and accepts its invitation without zod too (the contract in `team.ts` uses these). */
export const INVITATION_PATHS = { read: '/api/team/invitation', accept: '/api/team/invitation/accept' } as const;

/** The tracking page's alert signup, which stays free of zod too (the contract in `alerts.ts` uses it). */
export const ALERTS_SUBSCRIBE_PATH = '/api/alerts';

/** The calls of the pages an alert email's links open, free of zod as well. */
export const ALERT_LINK_PATHS = { confirm: '/api/alerts/confirm', unsubscribe: '/api/alerts/unsubscribe' } as const;

/**
 * The home page's quote request: the form posts here with its script or without it (a plain form post
 * is answered with a 303 to the thank-you page), so the form's markup names it without bundling zod.
 */
export const QUOTE_PATHS = { create: '/api/quotes', sent: '/quote-sent/' } as const;

/** What the sender of a quote request is told, on the form and on the thank-you page. */
export const QUOTE_THANKS = 'Thank you! We will contact you within one business day.';

/** The quote offer link's page reads and accepts its offer without zod too (the contract in `quote-offers.ts` uses these). */
export const QUOTE_OFFER_PATHS = { read: '/api/quote-offer', accept: '/api/quote-offer/accept' } as const;

/**
 * The public pickup form and its emailed link's page call these without bundling zod (the contract in
 * `pickups.ts` uses these).
 */
export const PICKUP_PATHS = {
  create: '/api/pickups',
  /** Where the form leads when it was sent without its script (a plain form post, answered 303). */
  booked: '/pickup-booked/',
  read: '/api/pickup-link',
  cancel: '/api/pickup-link/cancel',
  move: '/api/pickup-link/move',
} as const;

/** What the customer who booked a pickup is told, on the form and on the page a plain form post leads to. */
export const PICKUP_CONFIRMATION = 'We have emailed you a confirmation with a link to move or cancel it.';
