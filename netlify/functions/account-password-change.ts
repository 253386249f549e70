import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { changePassword } from '../lib/account';
import { defineHandler, on } from '../lib/handler';
import { recheckStatements } from '../lib/password-recheck';

/** Staff change their own password (the current one first); their other sessions end. */
export default defineHandler(
  on(accountApi.changePassword)(
    async ({ db, user, body, client, results }) => ({
      status: 'success',
      message: 'Password updated. Your other sessions have ended.',
      data: { sessions_ended: (await changePassword(db, user, body, results, client.address)).sessionsEnded },
    }),
    { reads: ({ caller, client }) => recheckStatements(caller, client.address, Date.now()), readsWrite: true },
  ),
);

export const config: Config = { path: '/api/account/password' };
