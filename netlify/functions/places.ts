import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { authorizeAdmin } from '../lib/auth';
import { handle, readJson, reply } from '../lib/http';
import { createPlace, listPlaces } from '../lib/places';

const { list, create } = placesApi;

/** The gazetteer: list its places (GET) or add one (POST), for staff only. */
export default handle(async (request) => {
  if (request.method === 'POST') {
    const { db, user } = await authorizeAdmin(request, create.method);
    const input = await readJson(request, create.body);
    return reply(create, { status: 'success', data: await createPlace(db, input, user) });
  }
  const { db } = await authorizeAdmin(request, list.method, 'HEAD', create.method);
  return reply(list, { status: 'success', data: await listPlaces(db) });
});

export const config: Config = {
  path: '/api/places',
};
