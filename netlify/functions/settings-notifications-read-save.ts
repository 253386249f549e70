import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { defineHandler, on } from '../lib/handler';
import { readSettings, saveSettings } from '../lib/settings';

/** Settings > Notifications: which emails are on, read, or saved whole. */
export default defineHandler(
  on(settingsApi.getNotifications)(async ({ db }) => ({
    status: 'success',
    ...(await readSettings(db, 'notifications')),
  })),
  on(settingsApi.saveNotifications)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveSettings(db, 'notifications', body, user)),
  })),
);

export const config: Config = { path: '/api/settings/notifications' };
