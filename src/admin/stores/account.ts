import { atom } from 'nanostores';
import { accountApi } from '@/lib/api/account';
import { endOtherSessions, endSession } from '../api/account';
import { dataOf, query } from './query';

// Settings > Security: the signed-in staff member's two-factor status and live sessions. The
// recovery codes and a setup's secret never enter a store: they live in the dialog that shows them.

const twoFactor = query(accountApi.twoFactorStatus, atom({}), {
  fallback: 'Failed to load the two-factor sign-in status.',
  pick: dataOf,
});
const sessions = query(accountApi.sessions, atom({}), { fallback: 'Failed to load your sessions.', pick: dataOf });

export const $twoFactor = twoFactor.$state;
export const $sessions = sessions.$state;

/** Asks again without a "Loading..." in between, so the controls stay in place (and focus with them). */
export const refreshTwoFactor = twoFactor.refresh;
export const refreshSessions = sessions.refresh;

/** Ends one of the user's other sessions; it leaves the list at once. Throws what the call threw. */
export async function endOneSession(id: string): Promise<void> {
  await endSession(id);
  const shown = $sessions.get();
  if (shown.status === 'ready')
    sessions.show({ status: 'success', data: shown.data.filter((session) => session.id !== id) });
}

/** Ends every session but this one; answers how many ended. Throws what the call threw. */
export async function endAllOtherSessions(): Promise<number> {
  const { data } = await endOtherSessions();
  const shown = $sessions.get();
  if (shown.status === 'ready')
    sessions.show({ status: 'success', data: shown.data.filter((session) => session.current) });
  return data.ended;
}
