import { z } from 'zod';
import { ADMINS, ROLES } from '../roles';
import { settingsMetaSchema } from '../schemas/settings';
import {
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationSchema,
  invitationTokenSchema,
  memberChangeSchema,
  staffMemberSchema,
  twoFactorPolicySchema,
} from '../schemas/team';
import { defineEndpoint, recordNumber } from './contract';
import { INVITATION_PATHS } from './paths';

export const INVITATION_NOT_FOUND = 'Invitation not found: it may have been accepted or revoked.';
export const MEMBER_NOT_FOUND = 'Staff member not found.';

const invitationParams = z.object({
  invitationId: recordNumber(INVITATION_NOT_FOUND, 'The numeric id of the invitation'),
});
const memberParams = z.object({ memberId: recordNumber(MEMBER_NOT_FOUND, 'The numeric id of the staff member') });
const invitationAnswer = z.object({ status: z.literal('success'), data: invitationSchema });
const policyAnswer = z.object({ status: z.literal('success'), data: twoFactorPolicySchema, meta: settingsMetaSchema });

/**
 * The team (admin only): staff accounts and pending invitations, inviting by email, resending and
 * revoking invitations, changing a role or status, and which roles must use a second factor. The two
 * public calls are the invitation link's page: who it invites, and accepting it.
 */
export const teamApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/team',
    summary:
      'Every staff account (name, email, role, two-factor sign-in on or off, last sign-in, status) and every pending invitation.',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.object({ members: z.array(staffMemberSchema), invitations: z.array(invitationSchema) }),
    }),
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/team/invitations',
    summary:
      'Invite someone by email with a role: a single-use link valid 72 hours is emailed through the outbox. 409 naming `email` when an account or a pending invitation has that email.',
    access: 'session',
    roles: ADMINS,
    body: invitationCreateSchema,
    status: 201,
    response: invitationAnswer,
    errors: [409],
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/team/invitations/:invitationId/resend',
    summary: 'Email a pending invitation again with a new link, valid 72 hours from now; the old link stops working.',
    access: 'session',
    roles: ADMINS,
    params: invitationParams,
    body: z.object({}),
    status: 200,
    response: invitationAnswer,
    errors: [404],
  }),
  revokeInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/team/invitations/:invitationId/revoke',
    summary: 'Withdraw a pending invitation: its link stops working and says it was withdrawn.',
    access: 'session',
    roles: ADMINS,
    params: invitationParams,
    body: z.object({}),
    status: 200,
    response: invitationAnswer,
    errors: [404],
  }),
  updateMember: defineEndpoint({
    method: 'PATCH',
    path: '/api/team/members/:memberId',
    summary:
      "Change a staff member's role, or deactivate (their sessions end at once; they cannot sign in) or reactivate them. 409 for the last active admin.",
    access: 'session',
    roles: ADMINS,
    params: memberParams,
    body: memberChangeSchema,
    status: 200,
    response: z.object({ status: z.literal('success'), data: staffMemberSchema }),
    errors: [404, 409],
  }),
  getTwoFactorPolicy: defineEndpoint({
    method: 'GET',
    path: '/api/team/two-factor',
    summary: 'Which roles must sign in with a second factor (none until saved).',
    access: 'session',
    roles: ADMINS,
    status: 200,
    response: policyAnswer,
  }),
  saveTwoFactorPolicy: defineEndpoint({
    method: 'PUT',
    path: '/api/team/two-factor',
    summary: `Save which roles (${ROLES.join(', ')}) must sign in with a second factor. A member of such a role without one can then only set it up.`,
    access: 'session',
    roles: ADMINS,
    body: twoFactorPolicySchema,
    status: 200,
    response: policyAnswer,
  }),
  readInvitation: defineEndpoint({
    method: 'POST',
    path: INVITATION_PATHS.read,
    summary:
      'Who an invitation link invites, and as what (its token in the body, kept out of addresses). 404 for a link we did not send; 410 with words for one accepted, withdrawn or expired.',
    access: 'public',
    body: invitationTokenSchema,
    status: 200,
    response: z.object({
      status: z.literal('success'),
      data: z.object({ email: z.string(), role: z.enum(ROLES), expires_at: z.iso.datetime() }),
    }),
    errors: [404, 410],
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: INVITATION_PATHS.accept,
    summary:
      'Accept an invitation: sets the name and password (12+ characters, not a common one) and creates the account with the invited role; the invitee then signs in. Works once.',
    access: 'public',
    body: invitationAcceptSchema,
    status: 201,
    response: z.object({ status: z.literal('success'), data: z.object({ email: z.string() }) }),
    errors: [404, 409, 410],
  }),
};
