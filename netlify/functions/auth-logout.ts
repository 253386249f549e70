import type { Config } from '@netlify/functions';
import { authApi } from '@/lib/api/auth';
import { defineHandler, on } from '../lib/handler';
import { requireJsonContentType } from '../lib/request-body';
import { CLEAR_SESSION_COOKIE, logout } from '../lib/sessions';

/** Signing out: the session ends on the server and its cookie goes. A form cannot send JSON cross-site. */
export default defineHandler(
  on(authApi.logout)(
    async ({ db, request, client }) => {
      requireJsonContentType(request);
      await logout(db, request, client);
      return { status: 'success' };
    },
    { headers: () => ({ 'Set-Cookie': CLEAR_SESSION_COOKIE }) },
  ),
);

export const config: Config = { path: '/api/admin/logout' };
