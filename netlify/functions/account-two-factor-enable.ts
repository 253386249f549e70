import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on } from '../lib/handler';
import { enableReads, enableTwoFactor } from '../lib/two-factor';

/** Staff confirm two-factor setup with a first code and get their recovery codes. */
export default defineHandler(
  on(accountApi.twoFactorEnable)(
    async ({ db, user, body, client, results }) => ({
      status: 'success',
      message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once.',
      data: { recovery_codes: await enableTwoFactor(db, user, body.code, client.address, results) },
    }),
    { reads: ({ caller, client }) => enableReads(caller, client.address, Date.now()), readsWrite: true },
  ),
);

export const config: Config = { path: '/api/account/two-factor/enable' };
