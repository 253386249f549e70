import type { Config } from '@netlify/functions';
import { exceptionsApi } from '@/lib/api/exceptions';
import { listExceptions } from '../lib/exceptions';
import { defineHandler, on } from '../lib/handler';

/** One page of the exceptions queue, with every kind's count. */
export default defineHandler(
  on(exceptionsApi.list)(async ({ db, query }) => {
    const { rows, total, counts } = await listExceptions(db, query);
    return { status: 'success', data: rows, meta: { total, page: query.page, limit: query.limit, counts } };
  }),
);

export const config: Config = { path: '/api/exceptions' };
