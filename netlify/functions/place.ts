import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { purgeLookups } from '../lib/cdn';
import { handle, pathParam, reply } from '../lib/http';
import { deletePlace, placeFrom, placeReads, updatePlace } from '../lib/places';
import { readJson } from '../lib/request-body';
import { authorizeAdminReading } from '../lib/sessions';

const { update, remove } = placesApi;

/** One place of the gazetteer, for staff: change it (PUT) or remove it (DELETE). */
export default handle(async (request, context) => {
  // The place is read with the session check: one round trip.
  const reads = placeReads(pathParam(request, context, update.path, 'placeId'));
  if (request.method === 'DELETE') {
    const { db, user, results } = await authorizeAdminReading(request, [remove.method], reads);
    await readJson(request, remove.body);
    const removed = await deletePlace(db, placeFrom(results[0]), user);
    // Every lookup's route map may draw this place.
    await purgeLookups(context, 'all');
    return reply(remove, { status: 'success', data: removed });
  }
  const { db, user, results } = await authorizeAdminReading(request, [update.method, remove.method], reads);
  const input = await readJson(request, update.body);
  const place = await updatePlace(db, placeFrom(results[0]), input, user);
  await purgeLookups(context, 'all');
  return reply(update, { status: 'success', data: place });
});

export const config: Config = {
  path: '/api/places/:placeId',
};
