import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { authorizeAdmin } from '../lib/auth';
import { purgeLookups } from '../lib/cdn';
import { handle, pathParam, readJson, reply } from '../lib/http';
import { deletePlace, placePathId, updatePlace } from '../lib/places';

const { update, remove } = placesApi;

/** One place of the gazetteer, for staff: change it (PUT) or remove it (DELETE). */
export default handle(async (request, context) => {
  if (request.method === 'DELETE') {
    const { db, user } = await authorizeAdmin(request, remove.method);
    await readJson(request, remove.body);
    const id = placePathId(pathParam(request, context, remove.path, 'placeId'));
    const removed = await deletePlace(db, id, user);
    // Every lookup's route map may draw this place.
    await purgeLookups(context, 'all');
    return reply(remove, { status: 'success', data: removed });
  }
  const { db, user } = await authorizeAdmin(request, update.method, remove.method);
  const id = placePathId(pathParam(request, context, update.path, 'placeId'));
  const input = await readJson(request, update.body);
  const place = await updatePlace(db, id, input, user);
  await purgeLookups(context, 'all');
  return reply(update, { status: 'success', data: place });
});

export const config: Config = {
  path: '/api/places/:placeId',
};
