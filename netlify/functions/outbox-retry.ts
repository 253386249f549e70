import type { Config } from '@netlify/functions';
import { outboxApi } from '@/lib/api/outbox';
import { HttpError, handle, pathParam, reply } from '../lib/http';
import { deliverAfterAnswer } from '../lib/outbox-delivery';
import { MESSAGE_NOT_FOUND, retryMessage } from '../lib/outbox-page';
import { readJson } from '../lib/request-body';
import { authorizeAdmin } from '../lib/sessions';

const endpoint = outboxApi.retry;

/** Staff queue a failed email again; it goes out after the answer. */
export default handle(async (request, context) => {
  const { db } = await authorizeAdmin(request, endpoint.method);
  await readJson(request, endpoint.body);
  const id = pathParam(request, context, endpoint.path, 'messageId');
  if (!/^\d{1,15}$/.test(id)) throw new HttpError(404, MESSAGE_NOT_FOUND);
  const message = await retryMessage(db, Number(id));
  deliverAfterAnswer(context);
  return reply(endpoint, { status: 'success', data: message });
});

export const config: Config = {
  path: '/api/outbox/:messageId/retry',
};
