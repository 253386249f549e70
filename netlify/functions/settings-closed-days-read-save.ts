import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { defineHandler, on } from '../lib/handler';
import { readSettings, saveSettings } from '../lib/settings';

/** Settings > General > Closed days: the days pickups cannot be booked or moved to, read, or saved (an activity entry). */
export default defineHandler(
  on(settingsApi.getClosedDays)(async ({ db }) => ({ status: 'success', ...(await readSettings(db, 'closed_days')) })),
  on(settingsApi.saveClosedDays)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveSettings(db, 'closed_days', body, user)),
  })),
);

export const config: Config = { path: '/api/settings/closed-days' };
