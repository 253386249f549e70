import type { Reply } from '@/lib/api/contract';
import type { outboxApi } from '@/lib/api/outbox';
import { listOutbox } from '../api/outbox';
import { loadable, loader } from './load';

export type OutboxPage = Omit<Reply<typeof outboxApi.list>, 'status'>;

/** The page of emails the Outbox screen shows. */
export const $outbox = loadable<OutboxPage>();

export const loadOutbox = loader(
  $outbox,
  async (signal, state: string, cursor: number | undefined) => {
    const { data, meta } = await listOutbox({ state, ...(cursor ? { cursor } : {}), limit: 50 }, { signal });
    return { data, meta };
  },
  { fallback: 'Failed to load the outbox.' },
);
