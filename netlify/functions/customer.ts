import type { Config } from '@netlify/functions';
import { customersApi } from '@/lib/api/customers';
import { purgeLookups } from '../lib/cdn';
import { CUSTOMER_NOT_FOUND, customerFrom, customerPathId, customerReads, findCustomer } from '../lib/customer-read';
import { updateCustomer } from '../lib/customers';
import { HttpError, handle, pathParam, reply } from '../lib/http';
import { readJson } from '../lib/request-body';
import { authorizeAdmin, authorizeAdminReading } from '../lib/sessions';

const { get, update } = customersApi;

/** One customer, for staff: read it with its shipments (GET) or change it, deactivating included (PATCH). */
export default handle(async (request, context) => {
  if (request.method === 'PATCH') {
    // The customer is read with the session check: one round trip.
    const reads = customerReads(pathParam(request, context, update.path, 'id'));
    const { db, user, results } = await authorizeAdminReading(request, [update.method], reads);
    const input = await readJson(request, update.body);
    const customer = await updateCustomer(db, customerFrom(results), input, user);
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
