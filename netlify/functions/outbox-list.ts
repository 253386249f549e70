import type { Config } from '@netlify/functions';
import { outboxApi } from '@/lib/api/outbox';
import { defineHandler, on } from '../lib/handler';
import { listOutbox } from '../lib/outbox-page';

/** The Outbox page's list of emails. */
export default defineHandler(
  on(outboxApi.list)(async ({ db, query }) => {
    const { items, meta } = await listOutbox(db, query);
    return { status: 'success', data: items, meta };
  }),
);

export const config: Config = { path: '/api/outbox' };
