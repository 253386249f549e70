import type { Config } from '@netlify/functions';
import { placesApi, UNMAPPED_PLACES_SHOWN } from '@/lib/api/places';
import { handle, reply } from '../lib/http';
import { listUnmappedPlaces } from '../lib/places';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = placesApi.unmapped;

/** The place names shipments use that the gazetteer lacks, for staff to add (Settings > Places). */
export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  return reply(endpoint, { status: 'success', data: await listUnmappedPlaces(db, UNMAPPED_PLACES_SHOWN) });
});

export const config: Config = {
  path: '/api/unmapped-places',
};
