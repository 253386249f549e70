import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { defineHandler, on } from '../lib/handler';
import { readSettings, saveSettings } from '../lib/settings';

/** Settings > General > Audit trail: how many days entries are kept, read, or saved (an activity entry). */
export default defineHandler(
  on(settingsApi.getAudit)(async ({ db }) => ({ status: 'success', ...(await readSettings(db, 'audit')) })),
  on(settingsApi.saveAudit)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveSettings(db, 'audit', body, user)),
  })),
);

export const config: Config = { path: '/api/settings/audit' };
