import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { followingLinks } from '../lib/alerts';
import { defineHandler, on, success } from '../lib/handler';
import { confirm } from '../lib/subscriptions';

/** The confirmation link's page posts here: the opt-in becomes active. */
export default defineHandler(
  on(alertsApi.confirm)(({ db, query }) => success(confirm(db, query.token)), {
    guard: followingLinks,
  }),
);

export const config: Config = { path: '/api/alerts/confirm' };
