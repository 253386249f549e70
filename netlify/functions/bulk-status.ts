import type { Config } from '@netlify/functions';
import { bulkApi } from '@/lib/api/bulk';
import { changeStatuses } from '../lib/bulk-status';
import { defineHandler, on, success } from '../lib/handler';

/** The list's Change status: many shipments' status at once, each recorded and emailed as one update is. */
export default defineHandler(
  on(bulkApi.status)(({ db, body, user }) => success(changeStatuses(db, body, user)), {
    purges: ({ data }) => data.changed,
    delivers: ({ data }) => data.changed.length > 0,
  }),
);

export const config: Config = { path: '/api/bulk/status' };
