import { z } from 'zod';
import { blankToUndefined, optionalText, text } from './fields';

// The gazetteer's places (Settings > Places): the coordinates the public route map draws a place
// with. Shared by the admin form and the functions.

/**
 * A place is named as staff write places on shipments, "City, Country" or a country alone, and the
 * map finds it by that name (or by the country after the last comma). So a country has no comma,
 * and a city and its country together fit the stored name's 200 characters.
 */
const PLACE_COUNTRY_MAX = 60;
const PLACE_CITY_MAX = 120;

const NO_COMMA = 'Must not contain a comma (the country is what follows the last comma of a place)';

const country = z.preprocess(
  blankToUndefined,
  text(PLACE_COUNTRY_MAX, { required: 'Country is required' })
    .min(1, 'Country is required')
    .regex(/^[^,]*$/, NO_COMMA),
);

/** A coordinate in degrees; form inputs send numeric text. */
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === 'string' ? Number(given.trim()) : given;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : 'Must be a number') })
      .min(-limit, `Must be between -${limit} and ${limit}`)
      .max(limit, `Must be between -${limit} and ${limit}`),
  );

/** A new place, or a place's new values (`POST /api/places`, `PUT /api/places/{id}`). */
export const placeInputSchema = z.object({
  /** Empty for a country alone, which stands for its centre. */
  city: optionalText(PLACE_CITY_MAX),
  country,
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
});
export type PlaceInput = z.infer<typeof placeInputSchema>;

/** A place as staff see it: its stored name and that name's city and country. */
export const placeSchema = z.object({
  id: z.number().int(),
  name: z
    .string()
    .meta({ description: 'What the route map matches shipment places with: "City, Country" or a country' }),
  city: z.string().nullable(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  updated_at: z.iso.datetime(),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * A place name shipments use that the gazetteer lacks (Settings > Places): the route map draws it at its
 * country's centre when the gazetteer has the country, else leaves it off.
 */
export const unmappedPlaceSchema = z.object({
  name: z.string().meta({ description: 'The place as shipments write it (trimmed; the first spelling seen)' }),
  city: z.string().nullable(),
  country: z.string(),
  shipments: z
    .number()
    .int()
    .meta({ description: 'Shipments naming it as their origin, destination or current location' }),
  drawn_at: z
    .string()
    .nullable()
    .meta({ description: 'The gazetteer place the map draws it at instead (its country), or null: not drawn' }),
});
export type UnmappedPlace = z.infer<typeof unmappedPlaceSchema>;

/** The id in `/api/places/{placeId}`. */
