import { z } from 'zod';
import { ADMINS } from '../roles';
import { placeInputSchema, placeSchema, unmappedPlaceSchema } from '../schemas/place';
import { defineEndpoint, recordNumber } from './contract';

export const PLACE_NOT_FOUND = 'Place not found.';

const placeIdParams = z.object({ placeId: recordNumber(PLACE_NOT_FOUND, 'The numeric id of the place') });

const onePlace = z.object({ status: z.literal('success'), data: placeSchema });

/** How many unmapped places `GET /api/unmapped-places` answers at most: the most used first. */
export const UNMAPPED_PLACES_SHOWN = 100;

/**
 * The gazetteer (Settings > Places): the coordinates the public tracking page's route map gives each
 * place. Staff list, add, change and remove places; a shipment's place is found by its exact name,
 * else by its country.
 */
export const placesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/places',
    summary: 'Every place of the gazetteer with its coordinates, by country then city.',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: z.object({ status: z.literal('success'), data: z.array(placeSchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/places',
    summary:
      'Add a place: a country (its centre) or a city in a country, with its latitude and longitude. A name already in use (in any case) answers 409.',
    access: 'session',
    roles: ADMINS,
    body: placeInputSchema,
    status: 201,
    response: onePlace,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/places/:placeId',
    summary:
      "Change a place's name or coordinates; the route map uses them from the next lookup. A name another place has answers 409.",
    access: 'session',
    roles: ADMINS,
    params: placeIdParams,
    body: placeInputSchema,
    status: 200,
    response: onePlace,
    errors: [404, 409],
  }),
  unmapped: defineEndpoint({
    method: 'GET',
    path: '/api/unmapped-places',
    summary: `The place names shipments use that the gazetteer lacks: those the map cannot draw first, then those it draws at their country's centre, each the most used first; at most ${UNMAPPED_PLACES_SHOWN}, with how many there are in all.`,
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.object({ places: z.array(unmappedPlaceSchema), total: z.number().int() }),
    }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/places/:placeId',
    summary:
      'Remove a place: the map then places shipments there by their country, or not at all. Answers the place removed.',
    access: 'session',
    roles: ADMINS,
    params: placeIdParams,
    body: z.object({}),
    status: 200,
    response: onePlace,
    errors: [404],
  }),
};
