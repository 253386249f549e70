import type { Config } from '@netlify/functions';
import { waybillsApi } from '@/lib/api/waybills';
import { handle, reply } from '../lib/http';
import { readQuery } from '../lib/request-body';
import { authorizeAdminReading } from '../lib/sessions';
import { waybillReads, waybillsFrom } from '../lib/waybills';

const endpoint = waybillsApi.get;

/** What the waybill page prints for the shipments asked. */
export default handle(async (request) => {
  // Read with the session check, in one round trip; a query at fault is answered (422) once the session holds.
  const asked = endpoint.query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const reads = asked.success ? waybillReads(asked.data.numbers) : [];
  const { results } = await authorizeAdminReading(request, [endpoint.method, 'HEAD'], reads);
  const { numbers } = readQuery(request, endpoint.query);
  return reply(endpoint, { status: 'success', data: waybillsFrom(numbers, results) });
});

export const config: Config = {
  path: '/api/waybills',
};
