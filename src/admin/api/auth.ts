import type { authApi } from '@/lib/api/auth';
import type { BodyInput, Reply } from '@/lib/api/contract';
import { AUTH_PATHS } from '@/lib/api/paths';
import { isRole } from '@/lib/roles';
import { type CallOptions, callApi, guard } from './client';

// These calls run in the shell and on the sign-in page, before any screen: their answers are
// checked by small guards of the contract's types, so neither page loads zod.

const isUser = (value: unknown): value is { email: string } =>
  typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string';

const hasUser = (value: unknown): value is { user: { email: string } } =>
  typeof value === 'object' && value !== null && 'user' in value && isUser(value.user);

const sessionReply = guard(
  (value): value is Reply<typeof authApi.session> =>
    hasUser(value) &&
    'role' in value.user &&
    isRole(value.user.role) &&
    'two_factor_required' in value.user &&
    typeof value.user.two_factor_required === 'boolean',
);
const isSignedIn = (value: unknown): value is Reply<typeof authApi.loginTwoFactor> =>
  hasUser(value) && 'status' in value && value.status === 'success';

const signedInReply = guard(isSignedIn);
const isSecondStep = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  value.status === 'two_factor_required' &&
  'challenge' in value &&
  typeof value.challenge === 'string' &&
  'expires_in' in value &&
  typeof value.expires_in === 'number' &&
  'guarded' in value &&
  typeof value.guarded === 'boolean';
const loginReply = guard(
  (value): value is Reply<typeof authApi.login> =>
    isSignedIn(value) ||
    isSecondStep(value) ||
    (typeof value === 'object' && value !== null && 'status' in value && value.status === 'email_sent'),
);
const resetReply = guard(
  (value): value is Reply<typeof authApi.passwordReset> => isSignedIn(value) || isSecondStep(value),
);
const isSuccess = (value: unknown): value is { status: 'success' } =>
  typeof value === 'object' && value !== null && 'status' in value && value.status === 'success';
const logoutReply = guard((value): value is Reply<typeof authApi.logout> => isSuccess(value));
const resetCheckReply = guard((value): value is Reply<typeof authApi.passwordResetCheck> => isSuccess(value));
const forgotReply = guard(
  (value): value is Reply<typeof authApi.passwordForgot> =>
    isSuccess(value) && 'message' in value && typeof value.message === 'string',
);

/** Who is signed in with this browser's session. */
export const getSession = (options?: CallOptions) =>
  callApi({ method: 'GET', path: AUTH_PATHS.session, response: sessionReply }, {}, options);

/** Signs in, or answers a challenge when a second step is on (or that a link was emailed); a 401 means wrong credentials here, not an ended session. */
export const login = (body: BodyInput<typeof authApi.login>) =>
  callApi({ method: 'POST', path: AUTH_PATHS.login, response: loginReply }, { body }, { on401: 'none' });

/** The second step: the challenge and a code from the authenticator app, or a recovery code. */
export const loginTwoFactor = (body: BodyInput<typeof authApi.loginTwoFactor>) =>
  callApi({ method: 'POST', path: AUTH_PATHS.loginTwoFactor, response: signedInReply }, { body }, { on401: 'none' });

/** Finishes a sign-in with the token of a link emailed to the account. */
export const loginLink = (body: BodyInput<typeof authApi.loginLink>) =>
  callApi({ method: 'POST', path: AUTH_PATHS.loginLink, response: signedInReply }, { body }, { on401: 'none' });

/** Ends this browser's session (it needs a JSON body to pass the cross-site check). */
export const logout = () =>
  callApi({ method: 'POST', path: AUTH_PATHS.logout, response: logoutReply }, { body: {} }, { on401: 'none' });

/** Asks for a password reset link; the answer is the same whether or not an account has the email. */
export const forgotPassword = (body: BodyInput<typeof authApi.passwordForgot>) =>
  callApi({ method: 'POST', path: AUTH_PATHS.passwordForgot, response: forgotReply }, { body }, { on401: 'none' });

/** Whether a reset link can still be used (a 401 with words if not); it is not used up. */
export const checkResetLink = (body: BodyInput<typeof authApi.passwordResetCheck>) =>
  callApi(
    { method: 'POST', path: AUTH_PATHS.passwordResetCheck, response: resetCheckReply },
    { body },
    { on401: 'none' },
  );

/** Sets a new password with a reset link: signed in, or the second step's challenge. */
export const resetPassword = (body: BodyInput<typeof authApi.passwordReset>) =>
  callApi({ method: 'POST', path: AUTH_PATHS.passwordReset, response: resetReply }, { body }, { on401: 'none' });
