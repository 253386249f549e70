import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { customerPathId } from '../lib/customer-read';
import { eraseCustomer } from '../lib/erasure';
import { handle, pathParam, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = customersApi.erase;

/** Staff erase a customer on their request (the admin confirms first). */
export default handle(async (request, context) => {
  const { db, user } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  const id = customerPathId(pathParam(request, context, endpoint.path, 'id'));
  return reply(endpoint, { status: 'success', data: await eraseCustomer(db, id, user) });
});

export const config: Config = {
  path: '/api/customers/:id/erase',
};
