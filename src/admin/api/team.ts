import type { BodyInput } from '@/lib/api/contract';
import { teamApi } from '@/lib/api/team';
import { callApi } from './client';

/** The Team screen's writes: invitations, a member's role or status, the two-factor rule. */

export const inviteStaff = (body: BodyInput<typeof teamApi.invite>) => callApi(teamApi.invite, { body });

export const resendInvitation = (id: number) =>
  callApi(teamApi.resendInvitation, { params: { invitationId: String(id) }, body: {} });

export const revokeInvitation = (id: number) =>
  callApi(teamApi.revokeInvitation, { params: { invitationId: String(id) }, body: {} });

export const changeMember = (id: number, body: BodyInput<typeof teamApi.updateMember>) =>
  callApi(teamApi.updateMember, { params: { memberId: String(id) }, body });

export const saveTwoFactorPolicy = (body: BodyInput<typeof teamApi.saveTwoFactorPolicy>) =>
  callApi(teamApi.saveTwoFactorPolicy, { body });
