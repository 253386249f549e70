import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { purgeLookups } from '../lib/cdn';
import { handle, reply } from '../lib/http';
import { createPlace, listPlaces } from '../lib/places';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const { list, create } = placesApi;

/** The gazetteer: list its places (GET) or add one (POST), for staff only. */
export default handle(async (request, context) => {
  if (request.method === 'POST') {
    const { db, user } = await authorizeAdmin(request, create.method);
    const input = await readJson(request, create.body);
    const place = await createPlace(db, input, user);
    // A place the gazetteer lacked may now be drawn on lookups' route maps.
    await purgeLookups(context, 'all');
    return reply(create, { status: 'success', data: place });
  }
  const { db } = await authorizeAdmin(request, list.method, 'HEAD', create.method);
  return reply(list, { status: 'success', data: await listPlaces(db) });
});

export const config: Config = {
  path: '/api/places',
};
