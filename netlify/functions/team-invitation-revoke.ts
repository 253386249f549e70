import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { invitationReads, revokeInvitation } from '../lib/invitations';

/** An admin withdraws a pending invitation: its link says so from now on. */
export default defineHandler(
  on(teamApi.revokeInvitation)(({ db, user, results }) => success(revokeInvitation(db, results[0], user)), {
    reads: ({ params }) => invitationReads(params.invitationId),
  }),
);

export const config: Config = { path: '/api/team/invitations/:invitationId/revoke' };
