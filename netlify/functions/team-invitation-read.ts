import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { readInvitation } from '../lib/invitations';

/** The invitation link's page asks who it invites (the token in the body, never in an address). */
export default defineHandler(on(teamApi.readInvitation)(({ db, body }) => success(readInvitation(db, body.token))));

export const config: Config = {
  path: '/api/team/invitation',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
