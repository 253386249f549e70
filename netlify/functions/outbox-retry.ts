import type { Config } from '@netlify/functions';
import { outboxApi } from '@/lib/api/outbox';
import { defineHandler, on, success } from '../lib/handler';
import { retryMessage } from '../lib/outbox-page';

/** Staff queue a failed email again; it goes out after the answer. */
export default defineHandler(
  on(outboxApi.retry)(({ db, params }) => success(retryMessage(db, params.messageId)), {
    delivers: true,
  }),
);

export const config: Config = { path: '/api/outbox/:messageId/retry' };
