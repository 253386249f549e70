import type { BodyInput } from '@/lib/api/contract';
import { placesApi } from '@/lib/api/places';
import { type CallOptions, callApi } from './client';

const { list, unmapped, create, update, remove } = placesApi;

/** Every place of the gazetteer. */
export const listPlaces = (options?: CallOptions) => callApi(list, {}, options);

/** The place names shipments use that the gazetteer lacks, the most used first. */
export const listUnmappedPlaces = (options?: CallOptions) => callApi(unmapped, {}, options);

export const createPlace = (body: BodyInput<typeof create>) => callApi(create, { body });

export const updatePlace = (id: number, body: BodyInput<typeof update>) =>
  callApi(update, { params: { placeId: String(id) }, body });

export const removePlace = (id: number) => callApi(remove, { params: { placeId: String(id) }, body: {} });
