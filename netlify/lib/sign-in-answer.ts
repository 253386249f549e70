import type { authApi } from '@/lib/api/auth';
import type { Reply } from '@/lib/api/contract';
import type { StaffUser } from './activity';
import type { LoginOutcome } from './auth';
import { reply } from './http';

/** The answers of the sign-in calls: a session's cookie with who signed in, or the step that comes next. */

type SignedIn =
  | typeof authApi.login
  | typeof authApi.loginTwoFactor
  | typeof authApi.loginLink
  | typeof authApi.passwordReset;

/** A session opened: who is signed in, and the cookie that carries it. */
export function signedIn(endpoint: SignedIn, { user, cookie }: { user: StaffUser; cookie: string }): Response {
  return reply(endpoint, { status: 'success', user: { email: user.email } }, { 'Set-Cookie': cookie });
}

/** The first step's answer: a session, the second step's challenge, or word that a sign-in link was emailed. */
export function loginAnswer(
  endpoint: typeof authApi.login,
  outcome: LoginOutcome,
): Reply<typeof authApi.login> | Response {
  if (outcome.kind === 'session') return signedIn(endpoint, outcome);
  if (outcome.kind === 'link_sent') return { status: 'email_sent' };
  return secondStepAnswer(outcome);
}

/** A reset's answer: a session, or the second step's challenge (a reset never skips it). */
export function resetAnswer(
  endpoint: typeof authApi.passwordReset,
  outcome: Exclude<LoginOutcome, { kind: 'link_sent' }>,
): Reply<typeof authApi.passwordReset> | Response {
  return outcome.kind === 'session' ? signedIn(endpoint, outcome) : secondStepAnswer(outcome);
}

function secondStepAnswer(outcome: Extract<LoginOutcome, { kind: 'challenge' }>) {
  return {
    status: 'two_factor_required' as const,
    challenge: outcome.challenge,
    expires_in: outcome.expiresInSeconds,
    guarded: outcome.guarded,
  };
}
