import { z } from 'zod';
import { adminUserSchema, loginSchema } from '../schemas/login';
import { defineEndpoint } from './contract';
import { AUTH_PATHS } from './paths';

/** Staff sign-in: a server-side session carried by the `__Host-session` cookie. */
export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.login,
    summary: 'Sign in with email and password; sets the session cookie.',
    access: 'public',
    body: loginSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), user: adminUserSchema }),
    errors: [401, 403, 429],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: AUTH_PATHS.logout,
    summary: "End the request's session (if any) and clear the cookie. Needs a JSON content type, no body.",
    access: 'public',
    status: 200,
    response: z.object({ status: z.literal('success') }),
    errors: [403, 415],
  }),
  session: defineEndpoint({
    method: 'GET',
    path: AUTH_PATHS.session,
    summary: 'Who is signed in with this session.',
    access: 'session',
    status: 200,
    response: z.object({ user: adminUserSchema }),
  }),
};
