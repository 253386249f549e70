import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on } from '../lib/handler';
import { disableReads, disableTwoFactor } from '../lib/two-factor';

/** Staff turn two-factor sign-in off, with their password and a code. */
export default defineHandler(
  on(accountApi.twoFactorDisable)(
    async ({ db, user, body, client, results }) => {
      await disableTwoFactor(db, user, body, client.address, results);
      return { status: 'success', message: 'Two-factor sign-in is off.' };
    },
    { reads: ({ caller, client }) => disableReads(caller, client.address, Date.now()), readsWrite: true },
  ),
);

export const config: Config = { path: '/api/account/two-factor/disable' };
