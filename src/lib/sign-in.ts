/**
 * The sign-in's field limits and messages, without zod: the sign-in page checks its fields with a few
 * lines of its own (its bundle stays free of zod and of a form library), src/lib/schemas/login.ts builds
 * the API's schema on the same limits, and the server answers these messages.
 */
export const LOGIN_LIMITS = {
  emailMax: 254,
  passwordMax: 1024,
  /** A 6-digit code, or a recovery code (XXXXX-XXXXX) typed with spaces. */
  codeMax: 20,
} as const;

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  invalidCredentials: 'Invalid credentials',
  invalidCode: 'Invalid authentication code',
  challengeExpired: 'This sign-in has expired. Please enter your email and password again.',
  codeJustUsed: 'This code was just used. Wait for the next code in your authenticator app and enter it.',
  /** A guarded second step never says which of the two was wrong. */
  passwordOrCode: 'The password or the code is not right. Check the code, or go back and enter your password again.',
} as const;

/** What the sign-in by email says: the page after the password, and the link's own page. */
export const SIGN_IN_LINK_MESSAGES = {
  notValid: 'This sign-in link is not valid. Open the whole link from the email, or sign in again with your password.',
  used: 'This sign-in link was used already: each link works once. Sign in again with your password to get a new one.',
  expired:
    'This sign-in link has expired: links work for 15 minutes. Sign in again with your password to get a new one.',
} as const;

/** What a new password must be, as the password change, the reset and `npm run admin:password` check it. */
export const NEW_PASSWORD = {
  /** Counted in characters as people see them (code points). */
  minLength: 12,
  required: 'New password is required',
  tooShort: 'Must be at least 12 characters',
  confirmRequired: 'Please confirm the new password',
  mismatch: 'Does not match the new password',
} as const;

/** What the password reset by email says: the request's answer, and the link's own page. */
export const PASSWORD_RESET_MESSAGES = {
  sent: 'If an account exists for that email, we have sent a link to choose a new password. It works once, for 30 minutes.',
  notValid: 'This password reset link is not valid. Open the whole link from the email, or ask for a new one.',
  used: 'This password reset link was used already: each link works once. Sign in with your new password, or ask for a new link.',
  replaced: 'A newer password reset link was sent: this one no longer works. Use the link in the latest email.',
  expired: 'This password reset link has expired: links work for 30 minutes. Ask for a new one.',
} as const;

/** What an invitation link's page says when the link cannot be used. */
export const INVITATION_MESSAGES = {
  notValid:
    'This invitation link is not valid. Open the whole link from the newest invitation email, or ask an administrator to send a new one.',
  accepted: 'This invitation was accepted already: each invitation works once. Sign in with your email and password.',
  revoked: 'This invitation was withdrawn by an administrator. Ask them for a new one if you should have access.',
  expired: 'This invitation has expired: invitations work for 72 hours. Ask an administrator to send a new one.',
} as const;
