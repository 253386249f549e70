import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { readClosedDays, saveClosedDays } from '../lib/closed-days';
import { defineHandler, on } from '../lib/handler';

/** Settings > General > Closed days: the days pickups cannot be booked or moved to, read, or saved (an activity entry). */
export default defineHandler(
  on(settingsApi.getClosedDays)(async ({ db }) => ({ status: 'success', ...(await readClosedDays(db)) })),
  on(settingsApi.saveClosedDays)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveClosedDays(db, body, user)),
  })),
);

export const config: Config = { path: '/api/settings/closed-days' };
