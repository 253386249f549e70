import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { defineHandler, on, success } from '../lib/handler';
import { deletePlace, placeFrom, placeReads, updatePlace } from '../lib/places';

const place = {
  reads: ({ params }: { params: { placeId: number } }) => placeReads(params.placeId),
  purges: () => 'all' as const,
};

/** A place of the gazetteer, changed or removed by staff: read with the session check; any route map may draw it. */
export default defineHandler(
  on(placesApi.update)(
    ({ db, user, body, results }) => success(updatePlace(db, placeFrom(results[0]), body, user)),
    place,
  ),
  on(placesApi.remove)(({ db, user, results }) => success(deletePlace(db, placeFrom(results[0]), user)), place),
);

export const config: Config = { path: '/api/places/:placeId' };
