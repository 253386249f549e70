import type { WritableAtom } from 'nanostores';
import type { SessionInfo, TwoFactorStatus } from '@/lib/schemas/account';
import { endOtherSessions, endSession, getTwoFactorStatus, listSessions } from '../api/account';
import { failureMessage, type Loadable, loadable, loader } from './load';

// Settings > Security: the signed-in staff member's two-factor status and live sessions. The
// recovery codes and a setup's secret never enter a store: they live in the dialog that shows them.

export const $twoFactor = loadable<TwoFactorStatus>();
export const $sessions = loadable<SessionInfo[]>();

const fetchTwoFactor = async (signal?: AbortSignal) => (await getTwoFactorStatus(signal ? { signal } : {})).data;
const fetchSessions = async (signal?: AbortSignal) => (await listSessions(signal ? { signal } : {})).data;

const TWO_FACTOR_FAILED = 'Failed to load the two-factor sign-in status.';
const SESSIONS_FAILED = 'Failed to load your sessions.';

export const loadTwoFactor = loader($twoFactor, fetchTwoFactor, { fallback: TWO_FACTOR_FAILED });
export const loadSessions = loader($sessions, fetchSessions, { fallback: SESSIONS_FAILED });

/**
 * Reloads after a change without a "Loading..." in between, so the controls stay in place (and
 * focus with them); a failure still ends in a message.
 */
async function refresh<T>(store: WritableAtom<Loadable<T>>, fetch: () => Promise<T>, fallback: string) {
  try {
    store.set({ status: 'ready', data: await fetch() });
  } catch (error) {
    const message = failureMessage(error, fallback);
    if (message) store.set({ status: 'error', message });
  }
}

export const refreshTwoFactor = () => refresh($twoFactor, fetchTwoFactor, TWO_FACTOR_FAILED);
export const refreshSessions = () => refresh($sessions, fetchSessions, SESSIONS_FAILED);

/** Ends one of the user's other sessions; it leaves the list at once. Throws what the call threw. */
export async function endOneSession(id: string): Promise<void> {
  await endSession(id);
  const sessions = $sessions.get();
  if (sessions.status === 'ready') {
    $sessions.set({ status: 'ready', data: sessions.data.filter((session) => session.id !== id) });
  }
}

/** Ends every session but this one; answers how many ended. Throws what the call threw. */
export async function endAllOtherSessions(): Promise<number> {
  const { data } = await endOtherSessions();
  const sessions = $sessions.get();
  if (sessions.status === 'ready') {
    $sessions.set({ status: 'ready', data: sessions.data.filter((session) => session.current) });
  }
  return data.ended;
}
