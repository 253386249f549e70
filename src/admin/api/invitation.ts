import type { BodyInput, Reply } from '@/lib/api/contract';
import { INVITATION_PATHS } from '@/lib/api/paths';
import type { teamApi } from '@/lib/api/team';
import { isRole } from '@/lib/roles';
import { callApi, guard } from './client';

// The invitation link's page: like the sign-in page, it checks answers with small guards of the
// contract's types, so it loads no zod.

const dataOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'status' in value && value.status === 'success' && 'data' in value
    ? value.data
    : null;

const invitationReply = guard((value): value is Reply<typeof teamApi.readInvitation> => {
  const data = dataOf(value);
  return (
    typeof data === 'object' &&
    data !== null &&
    'email' in data &&
    typeof data.email === 'string' &&
    'role' in data &&
    isRole(data.role) &&
    'expires_at' in data &&
    typeof data.expires_at === 'string'
  );
});

const acceptedReply = guard((value): value is Reply<typeof teamApi.acceptInvitation> => {
  const data = dataOf(value);
  return typeof data === 'object' && data !== null && 'email' in data && typeof data.email === 'string';
});

/** Who the link invites, and as what; 404 or 410 with words when it cannot be accepted. */
export const readInvitation = (token: string) =>
  callApi({ method: 'POST', path: INVITATION_PATHS.read, response: invitationReply }, { body: { token } });

/** Makes the account with the invited role. */
export const acceptInvitation = (body: BodyInput<typeof teamApi.acceptInvitation>) =>
  callApi({ method: 'POST', path: INVITATION_PATHS.accept, response: acceptedReply }, { body });
