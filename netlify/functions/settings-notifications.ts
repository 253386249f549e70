import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { readSettings, saveSettings } from '../lib/settings';

const { getNotifications: get, saveNotifications: save } = settingsApi;

/** Settings > Notifications: which emails are on (GET), saved whole (PUT). */
export default handle(async (request) => {
  if (request.method === 'PUT') {
    const { db, user } = await authorizeAdmin(request, save.method);
    const input = await readJson(request, save.body);
    return reply(save, { status: 'success', ...(await saveSettings(db, 'notifications', input, user)) });
  }
  const { db } = await authorizeAdmin(request, get.method, 'HEAD', save.method);
  return reply(get, { status: 'success', ...(await readSettings(db, 'notifications')) });
});

export const config: Config = {
  path: '/api/settings/notifications',
};
