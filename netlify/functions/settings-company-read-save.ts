import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { defineHandler, on } from '../lib/handler';
import { readSettings, saveSettings } from '../lib/settings';

/** Settings > General: the company's details, read, or saved whole. */
export default defineHandler(
  on(settingsApi.getCompany)(async ({ db }) => ({ status: 'success', ...(await readSettings(db, 'company')) })),
  on(settingsApi.saveCompany)(async ({ db, user, body }) => ({
    status: 'success',
    ...(await saveSettings(db, 'company', body, user)),
  })),
);

export const config: Config = { path: '/api/settings/company' };
