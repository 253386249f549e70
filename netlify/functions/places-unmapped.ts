import type { Config } from '@netlify/functions';
import { placesApi, UNMAPPED_PLACES_SHOWN } from '@/lib/api/places';
import { defineHandler, on, success } from '../lib/handler';
import { listUnmappedPlaces } from '../lib/places';

/** The place names shipments use that the gazetteer lacks, for staff to add (Settings > Places). */
export default defineHandler(
  on(placesApi.unmapped)(({ db }) => success(listUnmappedPlaces(db, UNMAPPED_PLACES_SHOWN))),
);

export const config: Config = { path: '/api/unmapped-places' };
