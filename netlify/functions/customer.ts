import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { authorizeAdmin } from '../lib/auth';
import { purgeLookups } from '../lib/cdn';
import { CUSTOMER_NOT_FOUND, customerPathId, findCustomer, updateCustomer } from '../lib/customers';
import { HttpError, handle, pathParam, readJson, reply } from '../lib/http';

const { get, update } = customersApi;

/** One customer, for staff: read it with its shipments (GET) or change it, deactivating included (PATCH). */
export default handle(async (request, context) => {
  if (request.method === 'PATCH') {
    const { db, user } = await authorizeAdmin(request, update.method);
    const input = await readJson(request, update.body);
    const id = customerPathId(pathParam(request, context, update.path, 'id'));
    const customer = await updateCustomer(db, id, input, user);
    // Lookups show a customer's name whole as a company sender: a new name may change many of them.
    if (input.name !== undefined) await purgeLookups(context, 'all');
    return reply(update, { status: 'success', data: customer });
  }
  const { db } = await authorizeAdmin(request, get.method, 'HEAD', update.method);
  const customer = await findCustomer(db, customerPathId(pathParam(request, context, get.path, 'id')));
  if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return reply(get, { status: 'success', data: customer });
});

export const config: Config = {
  path: '/api/customers/:id',
};
