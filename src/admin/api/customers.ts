import type { BodyInput, QueryInput } from '@/lib/api/contract';
import { customersApi } from '@/lib/api/customers';
import { type CallOptions, callApi } from './client';

const { list, get, create, update, erase } = customersApi;

/** One page of customers for a search, filters and cursor. */
export const listCustomers = (query: QueryInput<typeof list>, options?: CallOptions) =>
  callApi(list, { query }, options);

/** One customer with their shipment count and recent shipments. */
export const getCustomer = (id: string, options?: CallOptions) => callApi(get, { params: { id } }, options);

export const createCustomer = (body: BodyInput<typeof create>) => callApi(create, { body });

/** Changes a customer (deactivating is `{status: 'inactive'}`). */
export const updateCustomer = (id: string, body: BodyInput<typeof update>) => callApi(update, { params: { id }, body });

/** Erases a customer's personal data on their request (the screen confirms first). */
export const eraseCustomer = (id: string) => callApi(erase, { params: { id }, body: {} });
