import type { Config } from '@netlify/functions';
import { settingsApi } from '@/lib/api/settings';
import { handle, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';
import { readSettings, saveSettings } from '../lib/settings';

const { getCompany: get, saveCompany: save } = settingsApi;

/** Settings > General: the company's details (GET), saved whole (PUT). */
export default handle(async (request) => {
  if (request.method === 'PUT') {
    const { db, user } = await authorizeAdmin(request, save.method);
    const input = await readJson(request, save.body);
    return reply(save, { status: 'success', ...(await saveSettings(db, 'company', input, user)) });
  }
  const { db } = await authorizeAdmin(request, get.method, 'HEAD', save.method);
  return reply(get, { status: 'success', ...(await readSettings(db, 'company')) });
});

export const config: Config = {
  path: '/api/settings/company',
};
