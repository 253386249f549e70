import type { Config } from '@netlify/functions';
import { placesApi } from '@/lib/api/places';
import { defineHandler, on, success } from '../lib/handler';
import { createPlace, listPlaces } from '../lib/places';

/** The gazetteer, for staff: its places, or a new one (which lookups' route maps may now draw). */
export default defineHandler(
  on(placesApi.list)(({ db }) => success(listPlaces(db))),
  on(placesApi.create)(({ db, user, body }) => success(createPlace(db, body, user)), {
    purges: () => 'all',
  }),
);

export const config: Config = { path: '/api/places' };
