import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { customerFrom, customerReads, requireCustomer } from '../lib/customer-read';
import { updateCustomer } from '../lib/customers';
import { defineHandler, on, success } from '../lib/handler';

/** One customer, for staff: read with their shipments, or changed (deactivating included). */
export default defineHandler(
  on(customersApi.get)(({ db, params }) => success(requireCustomer(db, params.id))),
  on(customersApi.update)(
    ({ db, user, body, results }) => success(updateCustomer(db, customerFrom(results), body, user)),
    {
      reads: ({ params }) => customerReads(params.id),
      // Lookups show a customer's name whole as a company sender: a new name may change many of them.
      purges: (_, { body }) => (body.name === undefined ? [] : 'all'),
    },
  ),
);

export const config: Config = { path: '/api/customers/:id' };
