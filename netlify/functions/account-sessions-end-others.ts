import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on } from '../lib/handler';
import { endOtherSessions } from '../lib/sessions';

/** Staff end every session of theirs but the request's own. */
export default defineHandler(
  on(accountApi.endOtherSessions)(async ({ db, user }) => ({
    status: 'success',
    data: { ended: await endOtherSessions(db, user) },
  })),
);

export const config: Config = { path: '/api/account/other-sessions' };
