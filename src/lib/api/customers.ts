import { z } from 'zod';
import { ADMINS, OFFICE, READERS } from '../roles';
import {
  CUSTOMER_ID_PATTERN,
  customerCreateSchema,
  customerDetailSchema,
  customerListItemSchema,
  customerListMetaSchema,
  customerListQuerySchema,
  customerPatchSchema,
} from '../schemas/customer';

import { defineEndpoint } from './contract';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

// Any case and spaces around: a malformed id names no customer.
const idParams = z.object({
  id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CUSTOMER_ID_PATTERN, CUSTOMER_NOT_FOUND)
    .meta({ description: 'The customer id: CUS- and at least four digits, e.g. CUS-1001' }),
});

/** `{status: "success", data: <the customer with shipment count and recent shipments>}`. */
const oneCustomer = z.object({ status: z.literal('success'), data: customerDetailSchema });

/**
 * Staff calls on customers. Customers are never deleted: they are deactivated (status "inactive"), or
 * erased on request (their personal data removed, the record and its shipments kept).
 */
export const customersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/customers',
    summary:
      'One page of customers, newest first, each with its shipment count: optional search (id, name, contact or email; 3+ characters match anywhere, 1-2 the start of a word), status filter, created-since filter, keyset paging by cursor (next) or before (previous).',
    access: 'session',
    roles: READERS,
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
      'Create a customer; the server allocates the next CUS- id. With quote_request_id, the request is linked to the new customer. A customer with the same email (any case) or the same name and phone is a 409 naming the field, with duplicate_of the existing id, unless allow_duplicate is true.',
    access: 'session',
    roles: OFFICE,
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
    roles: READERS,
    params: idParams,
    status: 200,
    response: oneCustomer,
    errors: [404],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/customers/:id',
    summary:
      'Change a customer; only the fields given change, a blank optional field is cleared. Deactivate or reactivate with status. An erased customer cannot be changed (409).',
    access: 'session',
    roles: OFFICE,
    params: idParams,
    body: customerPatchSchema,
    status: 200,
    response: oneCustomer,
    errors: [404, 409],
  }),
  erase: defineEndpoint({
    method: 'POST',
    path: '/api/customers/:id/erase',
    summary:
      'Erase a customer on their request, in one transaction: the name becomes "Erased customer" and contact, email, phone and address are removed, on the customer and on the shipments that named them (shipments are kept); their quote requests, email subscriptions and personal values in the record of shipment changes go; emails to them not yet sent are cancelled. Erasing again changes nothing.',
    access: 'session',
    roles: ADMINS,
    params: idParams,
    body: z.object({}),
    status: 200,
    response: oneCustomer,
    errors: [404],
  }),
};
