import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { listCustomers } from '../lib/customer-read';
import { createCustomer } from '../lib/customers';
import { defineHandler, on, success } from '../lib/handler';

/** Customers, for staff: one page of the list, or a new customer. */
export default defineHandler(
  on(customersApi.list)(async ({ db, query }) => ({ status: 'success', ...(await listCustomers(db, query)) })),
  on(customersApi.create)(({ db, user, body }) => success(createCustomer(db, body, user)), {
    delivers: true,
  }),
);

export const config: Config = { path: '/api/customers' };
