import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { eraseCustomer } from '../lib/erasure';
import { defineHandler, on, success } from '../lib/handler';

/** Staff erase a customer on their request (the admin confirms first). */
export default defineHandler(
  on(customersApi.erase)(({ db, user, params }) => success(eraseCustomer(db, params.id, user))),
);

export const config: Config = { path: '/api/customers/:id/erase' };
