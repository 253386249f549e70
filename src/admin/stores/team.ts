import { atom } from 'nanostores';
import { teamApi } from '@/lib/api/team';
import { dataOf, query } from './query';

// The Team screen: the accounts with their pending invitations, and which roles must use two-factor sign-in.

export const $team = query(teamApi.list, atom({}), {
  fallback: 'Failed to load the team.',
  pick: dataOf,
  live: true,
}).$state;

const policy = query(teamApi.getTwoFactorPolicy, atom({}), {
  fallback: 'Failed to load the two-factor sign-in rule.',
  pick: ({ data, meta }) => ({ data, meta }),
});
export const $twoFactorPolicy = policy.$state;
/** Show what the server answered to a save. */
export const showTwoFactorPolicy = policy.show;
