import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { listCustomers } from '../lib/customer-read';
import { createCustomer } from '../lib/customers';
import { handle, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { readJson, readQuery } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const { list, create } = customersApi;

/** Customers, for staff: one page of the list (GET) or a new customer (POST). */
export default handle(async (request, context) => {
  if (request.method === 'POST') {
    const { db, user } = await authorizeAdmin(request, create.method);
    const input = await readJson(request, create.body);
    const created = await createCustomer(db, input, user);
    deliverAfterAnswer(context);
    return reply(create, { status: 'success', data: created });
  }
  const { db } = await authorizeAdmin(request, list.method, 'HEAD', create.method);
  const query = readQuery(request, list.query);
  return reply(list, { status: 'success', ...(await listCustomers(db, query)) });
});

export const config: Config = {
  path: '/api/customers',
};
