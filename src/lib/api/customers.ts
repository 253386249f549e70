import { z } from 'zod';
import {
  customerCreateSchema,
  customerDetailSchema,
  customerListItemSchema,
  customerListMetaSchema,
  customerListQuerySchema,
  customerPatchSchema,
} from '../schemas/customer';
import { defineEndpoint } from './contract';

const idParams = z.object({
  id: z.string().meta({ description: 'The customer id: CUS- and at least four digits, e.g. CUS-1001' }),
});

/** `{status: "success", data: <the customer with shipment count and recent shipments>}`. */
const oneCustomer = z.object({ status: z.literal('success'), data: customerDetailSchema });

/** Staff calls on customers. Customers are never deleted: they are deactivated (status "inactive"). */
export const customersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/customers',
    summary:
      'One page of customers, newest first, each with its shipment count: optional search (id, name, contact or email; 3+ characters match anywhere, 1-2 the start of a word), status filter, created-since filter, keyset paging by cursor (next) or before (previous).',
    access: 'session',
    query: customerListQuerySchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.array(customerListItemSchema),
      meta: customerListMetaSchema,
    }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/customers',
    summary:
      'Create a customer; the server allocates the next CUS- id. With quote_request_id, the request is linked to the new customer.',
    access: 'session',
    body: customerCreateSchema,
    status: 201,
    response: oneCustomer,
    errors: [409],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/customers/:id',
    summary: 'Read one customer with their shipment count and most recent shipments.',
    access: 'session',
    params: idParams,
    status: 200,
    response: oneCustomer,
    errors: [404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/customers/:id',
    summary:
      'Change a customer; only the fields given change, a blank optional field is cleared. Deactivate or reactivate with status.',
    access: 'session',
    params: idParams,
    body: customerPatchSchema,
    status: 200,
    response: oneCustomer,
    errors: [404],
  }),
};
