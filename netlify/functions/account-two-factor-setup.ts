import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on, success } from '../lib/handler';
import { startTwoFactorSetup } from '../lib/two-factor';

/** Staff start two-factor setup: a secret for their authenticator app. */
export default defineHandler(on(accountApi.twoFactorSetup)(({ db, user }) => success(startTwoFactorSetup(db, user))));

export const config: Config = { path: '/api/account/two-factor/setup' };
