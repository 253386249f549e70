import type { BodyInput } from '@/lib/api/contract';
import { customersApi } from '@/lib/api/customers';
import { callApi } from './client';

const { create, update, erase } = customersApi;

export const createCustomer = (body: BodyInput<typeof create>) => callApi(create, { body });

/** Changes a customer (deactivating is `{status: 'inactive'}`). */
export const updateCustomer = (id: string, body: BodyInput<typeof update>) => callApi(update, { params: { id }, body });

/** Erases a customer's personal data on their request (the screen confirms first). */
export const eraseCustomer = (id: string) => callApi(erase, { params: { id }, body: {} });
