import { useState } from 'react';
import { SIGN_IN_LINK_MESSAGES } from '@/lib/sign-in';
import { loginLink } from '../api/auth';
import { ApiError } from '../api/client';
import { setAuthFlag } from '../auth-flag';
import { buttonClass } from '../components/Field';
import { returnForLink } from '../return-path';
import { LinkRefused, useLinkToken } from './emailed-link';

// The page of a sign-in link emailed to the account; the token is used up only when the person
// presses Sign in (emailed-link.tsx).

type State = { step: 'ready' } | { step: 'sending' } | { step: 'refused'; message: string } | { step: 'signed-in' };

export default function SignInLink() {
  const token = useLinkToken();
  const [state, setState] = useState<State>({ step: 'ready' });

  async function signIn(token: string) {
    setState({ step: 'sending' });
    try {
      await loginLink({ token });
      setAuthFlag();
      setState({ step: 'signed-in' });
      window.location.assign(returnForLink());
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : 'Signing in failed. Please try again.';
      // Only the link's own faults end it; a failure on the way (the network) can be tried again.
      if (error instanceof ApiError && error.status === 401) setState({ step: 'refused', message });
      else {
        console.error('[sign-in link]', error);
        setState({ step: 'ready' });
        window.alert(message);
      }
    }
  }

  if (token === null) return <p className="mt-4 text-sm text-slate-700">Reading the link…</p>;
  if (!token || state.step === 'refused') {
    return (
      <LinkRefused
        message={state.step === 'refused' ? state.message : SIGN_IN_LINK_MESSAGES.notValid}
        next={{ href: '/admin-login', label: 'Sign in with your password' }}
      />
    );
  }
  if (state.step === 'signed-in')
    return <p className="mt-4 text-sm text-slate-700">Signed in. Opening the dashboard…</p>;
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        This link from your email finishes signing in to the admin portal on this device. It works once.
      </p>
      <button
        type="button"
        disabled={state.step === 'sending'}
        onClick={() => void signIn(token)}
        className={`${buttonClass} self-start`}
      >
        {state.step === 'sending' ? 'Signing in...' : 'Sign in'}
      </button>
    </div>
  );
}
