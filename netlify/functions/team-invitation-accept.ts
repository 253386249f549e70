import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { acceptInvitation } from '../lib/invitations';

/** The invitee sets their name and password: the account is made with the invited role. */
export default defineHandler(
  on(teamApi.acceptInvitation)(({ db, body, client }) => success(acceptInvitation(db, body, client.address))),
);

export const config: Config = {
  path: '/api/team/invitation/accept',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
