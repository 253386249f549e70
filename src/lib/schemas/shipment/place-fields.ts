import { z } from 'zod';
import { blankToUndefined, optionalText, text } from '../fields';

/**
 * A place staff type, shared by the status and location updates: the country, an optional city; without a
 * city, "City, Country" is split at its last comma. `countryRequired` is the message when the country is absent.
 */
export const placeFields = (countryRequired?: string) => ({
  current_country: countryRequired
    ? z.preprocess(blankToUndefined, text(200, { required: countryRequired }))
    : optionalText(200),
  current_city: optionalText(200),
});
