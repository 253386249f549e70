import type { Config } from '@netlify/functions';
import { alertsApi } from '@/lib/api/alerts';
import { followingLinks } from '../lib/alerts';
import { defineHandler, on, success } from '../lib/handler';
import { unsubscribe } from '../lib/subscriptions';

/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form from
 * their own servers, so neither the body nor the origin is checked; the token is the authority.
 */
export default defineHandler(
  on(alertsApi.unsubscribe)(({ db, query }) => success(unsubscribe(db, query.token)), {
    guard: followingLinks,
  }),
);

export const config: Config = { path: '/api/alerts/unsubscribe' };
