import type { Config } from '@netlify/functions';
import { teamApi } from '@/lib/api/team';
import { defineHandler, on, success } from '../lib/handler';
import { invitationReads, resendInvitation } from '../lib/invitations';

/** An admin emails a pending invitation again: a new link, the old one stops working. */
export default defineHandler(
  on(teamApi.resendInvitation)(({ db, user, results }) => success(resendInvitation(db, results[0], user)), {
    reads: ({ params }) => invitationReads(params.invitationId),
    delivers: true,
  }),
);

export const config: Config = { path: '/api/team/invitations/:invitationId/resend' };
