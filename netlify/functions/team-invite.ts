import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { inviteStaff } from '../lib/invitations';

/** An admin invites someone by email with a role: the link goes out through the outbox. */
export default defineHandler(
  on(teamApi.invite)(({ db, user, body }) => success(inviteStaff(db, body, user)), { delivers: true }),
);

export const config: Config = { path: '/api/team/invitations' };
