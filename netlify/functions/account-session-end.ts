import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on, success } from '../lib/handler';
import { CLEAR_SESSION_COOKIE, endSession } from '../lib/sessions';

/** Staff end one of their sessions; ending the request's own is signing out, so the cookie goes too. */
export default defineHandler(
  on(accountApi.endSession)(({ db, user, params }) => success(endSession(db, user, params.sessionId)), {
    headers: ({ data }) => (data.current ? { 'Set-Cookie': CLEAR_SESSION_COOKIE } : {}),
  }),
);

export const config: Config = { path: '/api/account/sessions/:sessionId' };
