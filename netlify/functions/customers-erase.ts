import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { customerFrom, customerReads } from '../lib/customer-read';
import { eraseCustomer } from '../lib/erasure';
import { defineHandler, on, success } from '../lib/handler';

/** Staff erase a customer on their request (the admin confirms first). */
export default defineHandler(
  on(customersApi.erase)(({ db, user, results }) => success(eraseCustomer(db, customerFrom(results), user)), {
    reads: ({ params }) => customerReads(params.id),
  }),
);

export const config: Config = { path: '/api/customers/:id/erase' };
