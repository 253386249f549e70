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
} as const;
