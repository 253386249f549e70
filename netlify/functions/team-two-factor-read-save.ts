import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on } from '../lib/handler';
import { readSettings, saveSettings } from '../lib/settings';

/** Which roles must sign in with a second factor: read, or saved whole. */
export default defineHandler(
  on(teamApi.getTwoFactorPolicy)(async ({ db }) => ({ status: 'success', ...(await readSettings(db, 'two_factor')) })),
  on(teamApi.saveTwoFactorPolicy)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveSettings(db, 'two_factor', body, user)),
  })),
);

export const config: Config = { path: '/api/team/two-factor' };
