import type { QueryInput } from '@/lib/api/contract';
import { outboxApi } from '@/lib/api/outbox';
import { type CallOptions, callApi } from './client';

/** A page of the outbox, newest first. */
export const listOutbox = (query: QueryInput<typeof outboxApi.list>, options?: CallOptions) =>
  callApi(outboxApi.list, { query }, options);

/** Queues a failed email again. */
export const retryOutboxMessage = (id: number) =>
  callApi(outboxApi.retry, { params: { messageId: String(id) }, body: {} });
