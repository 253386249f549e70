import type { Config } from '@netlify/functions';
import { outboxApi } from '@/lib/api/outbox';
import { handle, reply } from '../lib/http';
import { listOutbox } from '../lib/outbox-page';
import { readQuery } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = outboxApi.list;

/** The Outbox page's list of emails. */
export default handle(async (request) => {
  const { db } = await authorizeAdmin(request, endpoint.method, 'HEAD');
  const { items, meta } = await listOutbox(db, readQuery(request, endpoint.query));
  return reply(endpoint, { status: 'success', data: items, meta });
});

export const config: Config = {
  path: '/api/outbox',
};
