import { outboxApi } from '@/lib/api/outbox';
import { callApi } from './client';

/** Queues a failed email again. */
export const retryOutboxMessage = (id: number) =>
  callApi(outboxApi.retry, { params: { messageId: String(id) }, body: {} });
