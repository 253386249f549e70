import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on, success } from '../lib/handler';
import { listSessions } from '../lib/session-list';

/** The signed-in staff member's live sessions. */
export default defineHandler(on(accountApi.sessions)(({ db, user }) => success(listSessions(db, user))));

export const config: Config = { path: '/api/account/sessions' };
