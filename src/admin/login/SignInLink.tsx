import { useEffect, useRef, useState } from 'react';
import { SIGN_IN_LINK_MESSAGES } from '@/lib/sign-in';
import { loginLink } from '../api/auth';
import { ApiError } from '../api/client';
import { setAuthFlag } from '../auth-flag';
import { buttonClass, ErrorAlert } from '../components/Field';

// The page of a sign-in link emailed to the account. The token is in the address's fragment (never
// sent to a server); it is used up only when the person presses Sign in, so a mail scanner that
// opens links ahead of them cannot spend it.

type State =
  | { step: 'reading' }
  | { step: 'ready'; token: string }
  | { step: 'sending'; token: string }
  | { step: 'refused'; message: string }
  | { step: 'signed-in' };

export default function SignInLink() {
  const [state, setState] = useState<State>({ step: 'reading' });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const token = window.location.hash.slice(1);
    setState(token ? { step: 'ready', token } : { step: 'refused', message: SIGN_IN_LINK_MESSAGES.notValid });
  }, []);

  useEffect(() => {
    if (state.step === 'refused') alertRef.current?.focus();
  }, [state.step]);

  async function signIn(token: string) {
    setState({ step: 'sending', token });
    try {
      await loginLink({ token });
      setAuthFlag();
      setState({ step: 'signed-in' });
      window.location.assign('/admin');
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : 'Signing in failed. Please try again.';
      // Only the link's own faults end it; a failure on the way (the network) can be tried again.
      if (error instanceof ApiError && error.status === 401) setState({ step: 'refused', message });
      else {
        console.error('[sign-in link]', error);
        setState({ step: 'ready', token });
        window.alert(message);
      }
    }
  }

  if (state.step === 'reading') return <p className="mt-4 text-sm text-slate-700">Reading the link…</p>;
  if (state.step === 'refused') {
    return (
      <div ref={alertRef} tabIndex={-1} className="mt-4 flex flex-col gap-4">
        <ErrorAlert>{state.message}</ErrorAlert>
        <a href="/admin-login" className={`${buttonClass} self-start`}>
          Sign in with your password
        </a>
      </div>
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
        onClick={() => void signIn(state.token)}
        className={`${buttonClass} self-start`}
      >
        {state.step === 'sending' ? 'Signing in...' : 'Sign in'}
      </button>
    </div>
  );
}
