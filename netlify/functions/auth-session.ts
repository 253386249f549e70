import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { defineHandler, on } from '../lib/handler';

/** Who is signed in with this session (401 when nobody), and whether they must turn on two-factor sign-in first. */
export default defineHandler(
  on(authApi.session)(async ({ user }) => ({
    user: { email: user.email, role: user.role, two_factor_required: user.needsTwoFactor },
  })),
);

export const config: Config = { path: '/api/admin/session' };
