import type { BodyInput } from '@/lib/api/contract';
import { placesApi } from '@/lib/api/places';
import { callApi } from './client';

const { create, update, remove } = placesApi;

export const createPlace = (body: BodyInput<typeof create>) => callApi(create, { body });

export const updatePlace = (id: number, body: BodyInput<typeof update>) =>
  callApi(update, { params: { placeId: String(id) }, body });

export const removePlace = (id: number) => callApi(remove, { params: { placeId: String(id) }, body: {} });
