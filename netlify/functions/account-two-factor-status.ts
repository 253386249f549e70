import type { Config } from '@netlify/functions';
import { accountApi } from '@/lib/api/account';
import { defineHandler, on, success } from '../lib/handler';
import { twoFactorStatus } from '../lib/two-factor';

/** Whether the signed-in staff member's two-factor sign-in is on. */
export default defineHandler(on(accountApi.twoFactorStatus)(({ db, user }) => success(twoFactorStatus(db, user.id))));

export const config: Config = { path: '/api/account/two-factor' };
